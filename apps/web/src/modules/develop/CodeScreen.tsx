import { codeEntity, GEN_SYSTEMS, type GenSystem, type PickerNode } from '@property/domain';
import type { ProColumns } from '@ant-design/pro-components';
import { Button, Form, Radio, message } from 'antd';
import { useMemo, useState } from 'react';
import { api } from '../../app/http';
import { useTranslation } from '../../app/i18n';
import { useButtons } from '../../app/permissions';
import type { Row } from '../../crud/columns';
import { CrudPage } from '../../crud/CrudPage';
import { downloadFile } from '../community/house-import';
import { FormDialog } from '../community/FormDialog';
import { SelectionButton } from '../system/shared';
import { groupsOf } from './forms';

/** 上级菜单: the groups only, searchable by name. */
const MENU_GROUP: Partial<ProColumns<Row>> = {
  request: async () => groupsOf(await api.get<PickerNode[]>('/blade-system/menu/tree')),
  fieldProps: {
    showSearch: true,
    treeNodeFilterProp: 'title',
    treeDefaultExpandAll: true,
    fieldNames: { label: 'title', value: 'value' },
  },
};

/** The words of each target. */
const SYSTEM_WORDS: Record<GenSystem, string> = { console: 'develop.systemConsole', api: 'develop.systemApi' };

/** 代码生成 of the chosen records: the target, then the zip downloaded. */
function GenerateDialog({ ids, onClose }: { ids: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ system: GenSystem }>();
  const save = async ({ system }: { system: GenSystem }) => {
    const query = new URLSearchParams({ ids: ids.join(','), system });
    try {
      const file = await downloadFile(`/blade-develop/code/gen-code?${query}`, undefined, 'POST');
      return t('develop.generated', { file });
    } catch (error) {
      void message.error((error as Error).message);
      return false;
    }
  };
  return (
    <FormDialog title={t('develop.generateTitle')} form={form} save={save} onClose={onClose} okText={t('develop.generate')}>
      <p>{t('develop.generateHint', { count: ids.length })}</p>
      <Form form={form} name="code-generate" layout="vertical" initialValues={{ system: GEN_SYSTEMS[0] }}>
        <Form.Item name="system" label={t('develop.system')}>
          <Radio.Group options={GEN_SYSTEMS.map((system) => ({ value: system, label: t(SYSTEM_WORDS[system]) }))} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

/** 代码生成: records of what a model becomes; 复制 duplicates one, 代码生成 downloads the code of one or the chosen ones. */
export default function CodeScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [generating, setGenerating] = useState<string[]>();
  const overrides = useMemo(() => ({ menuParentId: MENU_GROUP }), []);
  const canGenerate = buttons.has('code_gen');
  const canCopy = buttons.has('code_copy');
  const copy = async (row: Row, reload: () => void) => {
    try {
      await api.post('/blade-develop/code/copy', undefined, { id: row.id });
      void message.success(t('develop.copied'));
      reload();
    } catch {
      // the call showed the server's message
    }
  };
  return (
    <>
      <CrudPage
        entity={codeEntity}
        fieldOverrides={overrides}
        rowActions={
          canGenerate || canCopy
            ? (row, reload) => (
                <>
                  {canGenerate && (
                    <Button type="link" size="small" onClick={() => setGenerating([String(row.id)])}>
                      {t('develop.generate')}
                    </Button>
                  )}
                  {canCopy && (
                    <Button type="link" size="small" onClick={() => void copy(row, reload)}>
                      {t('develop.copy')}
                    </Button>
                  )}
                </>
              )
            : undefined
        }
        toolbar={(selected) =>
          canGenerate
            ? [
                <SelectionButton key="generate" selected={selected} onRun={setGenerating}>
                  {t('develop.generate')}
                </SelectionButton>,
              ]
            : []
        }
      />
      {generating && <GenerateDialog ids={generating} onClose={() => setGenerating(undefined)} />}
    </>
  );
}
