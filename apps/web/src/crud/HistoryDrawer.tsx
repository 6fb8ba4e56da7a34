import { useQuery } from '@tanstack/react-query';
import { fieldLabel, type EntityDef, type Locale } from '@property/domain';
import { Drawer, Empty, Spin, Table, Timeline, Typography } from 'antd';
import { useTranslation } from '../app/i18n';
import { api } from '../app/http';
import type { Row } from './columns';
import { dictionaryLabels } from './dictionaries';

export interface Change {
  before: unknown;
  after: unknown;
}
interface AuditRecord {
  id: string;
  action: string;
  changes: Record<string, Change> | null;
  account?: string | null;
  userName?: string | null;
  remoteIp?: string | null;
  createTime?: string | null;
}

const shown = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** The fields one change touched, each with its label, its value before and after. */
export function ChangeTable({ entity, changes }: { entity: EntityDef | undefined; changes: Record<string, Change> | null }) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.language === 'en' ? 'en' : 'zh') as Locale;
  return (
    <Table<{ field: string } & Change>
      size="small"
      rowKey="field"
      pagination={false}
      style={{ marginTop: 8 }}
      dataSource={Object.entries(changes ?? {}).map(([field, change]) => ({ field, ...change }))}
      columns={[
        {
          title: t('audit.field'),
          key: 'field',
          render: (_, c) => (entity ? fieldLabel(locale, entity.name, c.field) : c.field),
        },
        { title: t('audit.before'), key: 'before', render: (_, c) => shown(c.before) },
        { title: t('audit.after'), key: 'after', render: (_, c) => shown(c.after) },
      ]}
    />
  );
}

/** What a row is called: its tree title, else its first field named like a name (gardenName, postName, name). */
function rowName(entity: EntityDef, row: Row): string {
  const key = entity.tree?.title ?? Object.keys(entity.fields).find((k) => /(^n|N)ame$/.test(k));
  return key ? shown(row[key]) : '';
}

/**
 * 变更历史: the changes of one row (blade-log/audit/history), newest first —
 * who, when, from where, and each field before and after. Opened by the
 * history action of every generic list row.
 */
export function HistoryDrawer({ entity, row, onClose }: { entity: EntityDef; row: Row; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.language === 'en' ? 'en' : 'zh') as Locale;
  const id = String(row.id);
  const history = useQuery({
    queryKey: ['audit-history', entity.name, id],
    queryFn: () => api.get<AuditRecord[]>('/blade-log/audit/history', { entity: entity.name, id }),
    staleTime: 0,
  });
  const actions = useQuery({
    queryKey: ['dict', 'audit_action', locale],
    queryFn: () => dictionaryLabels('audit_action', locale),
  });
  const actionName = (key: string) => actions.data?.find((a) => a.dictKey === key)?.dictValue ?? key;
  const name = rowName(entity, row) || `${locale === 'en' ? entity.label.en : entity.label.zh} ${id}`;

  return (
    <Drawer open width={720} title={t('audit.historyOf', { name })} onClose={onClose} destroyOnHidden>
      <Spin spinning={history.isLoading}>
        {history.data && history.data.length === 0 && <Empty description={t('audit.empty')} />}
        {history.data && history.data.length > 0 && (
          <Timeline
            items={history.data.map((record) => ({
              key: record.id,
              children: (
                <section aria-label={`${actionName(record.action)} ${shown(record.createTime)}`}>
                  <Typography.Text strong>{actionName(record.action)}</Typography.Text>{' '}
                  <Typography.Text type="secondary">
                    {t('audit.at')} {shown(record.createTime)} · {t('audit.by')} {shown(record.userName || record.account)}
                    {record.remoteIp ? ` · ${t('audit.from')} ${record.remoteIp}` : ''}
                  </Typography.Text>
                  <ChangeTable entity={entity} changes={record.changes} />
                </section>
              ),
            }))}
          />
        )}
      </Spin>
    </Drawer>
  );
}
