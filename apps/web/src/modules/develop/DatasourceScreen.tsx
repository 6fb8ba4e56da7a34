import { datasourceEntity, type ConnectionTest, type Static } from '@property/domain';
import type { ProColumns } from '@ant-design/pro-components';
import { Button, Form, Input, message, type FormInstance } from 'antd';
import { useMemo, useState } from 'react';
import { api } from '../../app/http';
import { useTranslation } from '../../app/i18n';
import { useButtons } from '../../app/permissions';
import type { Row } from '../../crud/columns';
import { CrudPage } from '../../crud/CrudPage';

type Overrides = Record<string, Partial<ProColumns<Row>>>;

/**
 * The password box of both dialogs. The edit dialog reads no password (the server never answers one): left
 * empty, the stored one is kept, which its placeholder says.
 */
function PasswordInput(props: { form: FormInstance; value?: string; onChange?: (value: string) => void; id?: string }) {
  const { t } = useTranslation();
  const editing = !!Form.useWatch('id', { form: props.form, preserve: true });
  return (
    <Input.Password
      id={props.id}
      value={props.value}
      onChange={(e) => props.onChange?.(e.target.value)}
      autoComplete="new-password"
      placeholder={editing ? t('develop.passwordKeep') : t('common.pleaseInput')}
    />
  );
}

/** 测试连接 on a row: the server's version when it answers, else the server's reason (its error toast). */
function TestButton({ row }: { row: Row }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const test = async () => {
    setBusy(true);
    try {
      const answer = await api.post<Static<typeof ConnectionTest>>('/blade-develop/datasource/test', { id: row.id });
      void message.success(
        t('develop.connectionOk', { version: answer.version, database: answer.database, ms: answer.elapsedMs }),
      );
    } catch {
      // the call showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="link" size="small" loading={busy} onClick={() => void test()}>
      {t('develop.testConnection')}
    </Button>
  );
}

/** 数据源管理: PostgreSQL sources, the password typed but never shown, 测试连接 on each row. */
export default function DatasourceScreen() {
  const buttons = useButtons();
  const overrides = useMemo<Overrides>(
    () => ({
      // A text column shown as a password box in both dialogs (the generic edit dialog leaves password fields out).
      password: {
        valueType: 'text',
        renderFormItem: (_schema, _config, form) => <PasswordInput form={form as FormInstance} />,
      },
    }),
    [],
  );
  return (
    <CrudPage
      entity={datasourceEntity}
      fieldOverrides={overrides}
      rowActions={buttons.has('datasource_view') ? (row) => <TestButton row={row} /> : undefined}
    />
  );
}
