import { allFields, fieldLabel, type EntityDef, type Locale } from '@property/domain';
import { Button, Descriptions, Drawer, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { api } from '../../app/http';
import { useButtons } from '../../app/permissions';
import { CrudPage } from '../../crud/CrudPage';
import type { Row } from '../../crud/columns';
import { entityOf } from './shared';

/** Long texts (stacks, parameters, log data) keep their line breaks and indentation. */
const PREFORMATTED = /stack|params|data|userAgent/i;
const HIDDEN = new Set(['isDeleted', 'tenantId', 'status', 'createUser', 'createDept', 'updateUser', 'updateTime']);

function LogDrawer({ entity, id, onClose }: { entity: EntityDef; id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.language === 'en' ? 'en' : 'zh') as Locale;
  const [row, setRow] = useState<Row>();
  useEffect(() => void api.get<Row>(`${entity.base}/detail`, { id }).then(setRow), [entity.base, id]);
  const keys = Object.keys(allFields(entity)).filter((k) => !HIDDEN.has(k));
  return (
    <Drawer open width={720} title={t('system.logDetail')} onClose={onClose}>
      {row ? (
        <Descriptions column={1} bordered size="small">
          {keys.map((key) => (
            <Descriptions.Item key={key} label={fieldLabel(locale, entity.name, key)}>
              {PREFORMATTED.test(key) ? (
                <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0, fontSize: 12 }}>
                  {String(row[key] ?? '')}
                </pre>
              ) : (
                String(row[key] ?? '')
              )}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}

/** A read-only log list whose 查看 opens the whole entry in a drawer. */
function LogScreen({ entity }: { entity: EntityDef }) {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [open, setOpen] = useState<string>();
  return (
    <>
      <CrudPage
        entity={entity}
        noView
        rowActions={(row) =>
          buttons.has(`${entity.permission}_view`) && (
            <Button type="link" size="small" onClick={() => setOpen(String(row.id))}>
              {t('common.view')}
            </Button>
          )
        }
      />
      {open && <LogDrawer entity={entity} id={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}

export const UsualLogScreen = () => <LogScreen entity={entityOf('log_usual')} />;
export const ApiLogScreen = () => <LogScreen entity={entityOf('log_api')} />;
export const ErrorLogScreen = () => <LogScreen entity={entityOf('log_error')} />;
