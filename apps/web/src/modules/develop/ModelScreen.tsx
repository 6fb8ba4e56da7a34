import { modelEntity, modelPrototypeEntity, type SourceTable, type ColumnsLoaded, type Static } from '@property/domain';
import type { ProColumns } from '@ant-design/pro-components';
import { AutoComplete, Button, Form, Modal, message, type FormInstance } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../app/http';
import { useTranslation } from '../../app/i18n';
import { useButtons } from '../../app/permissions';
import type { Row } from '../../crud/columns';
import { CrudPage } from '../../crud/CrudPage';
import { modelNamesOf } from './forms';

type Overrides = Record<string, Partial<ProColumns<Row>>>;
type Table = Static<typeof SourceTable>;

/**
 * The model form's table: the chosen data source's tables to pick from (or a name typed). Picking one fills
 * the model's name, code and class when they are still empty.
 */
function TablePicker(props: { form: FormInstance; value?: string; onChange?: (value: string) => void; id?: string }) {
  const { t } = useTranslation();
  const { form } = props;
  const source = Form.useWatch('datasourceId', { form, preserve: true }) as string | undefined;
  const [tables, setTables] = useState<Table[]>([]);
  useEffect(() => {
    if (!source) return setTables([]);
    let current = true;
    api
      .get<Table[]>('/blade-develop/model/table-list', { datasourceId: source })
      .then((answer) => current && setTables(answer))
      .catch(() => current && setTables([]));
    return () => {
      current = false;
    };
  }, [source]);
  const pick = (name: string) => {
    const table = tables.find((one) => one.tableName === name);
    const names = modelNamesOf(name, table?.comment ?? null);
    const empty = Object.entries(names).filter(([field]) => !form.getFieldValue(field));
    form.setFieldsValue(Object.fromEntries(empty));
  };
  return (
    <AutoComplete
      id={props.id}
      value={props.value}
      onChange={(value: string) => props.onChange?.(value)}
      onSelect={pick}
      placeholder={t('develop.pickTable')}
      notFoundContent={source ? t('develop.noTables') : undefined}
      options={tables.map((one) => ({
        value: one.tableName,
        label: one.comment ? `${one.tableName} ${one.comment}` : one.tableName,
      }))}
      filterOption={(typed, option) => String(option?.label ?? '').includes(typed)}
    />
  );
}

/** The columns of a model, edited as a sub-table: 加载字段 reads them from the table again. */
function ModelColumns({ model, onClose }: { model: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const buttons = useButtons();
  const modelId = String(model.id);
  const load = async (reload: () => void) => {
    try {
      const loaded = await api.post<Static<typeof ColumnsLoaded>>('/blade-develop/model/load-columns', undefined, {
        id: modelId,
      });
      void message.success(t('develop.columnsLoaded', loaded));
      reload();
    } catch {
      // the call showed the server's message
    }
  };
  const overrides = useMemo<Overrides>(() => ({ modelId: { hideInForm: true, hideInTable: true, hideInSearch: true } }), []);
  return (
    <Modal open width={1200} footer={null} title={t('develop.columnsOf', { model: model.modelName })} onCancel={onClose}>
      <CrudPage
        key={modelId}
        entity={modelPrototypeEntity}
        inAddress={false}
        fixedQuery={{ modelId }}
        addDefaults={{ modelId }}
        fieldOverrides={overrides}
        toolbar={(_selected, reload) =>
          buttons.has('devmodel_edit')
            ? [
                <Button
                  key="load"
                  title={t('develop.loadColumnsHint', { table: model.modelTable })}
                  onClick={() => void load(reload)}
                >
                  {t('develop.loadColumns')}
                </Button>,
              ]
            : []
        }
      />
    </Modal>
  );
}

/** 数据模型: a table of a data source picked from its tables; 字段 opens its columns. */
export default function ModelScreen() {
  const { t } = useTranslation();
  const [columnsOf, setColumnsOf] = useState<Row>();
  const overrides = useMemo<Overrides>(
    () => ({
      modelTable: { renderFormItem: (_schema, _config, form) => <TablePicker form={form as FormInstance} /> },
    }),
    [],
  );
  return (
    <>
      <CrudPage
        entity={modelEntity}
        fieldOverrides={overrides}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setColumnsOf(row)}>
            {t('develop.columns')}
          </Button>
        )}
      />
      {columnsOf && <ModelColumns model={columnsOf} onClose={() => setColumnsOf(undefined)} />}
    </>
  );
}
