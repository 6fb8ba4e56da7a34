import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Modal, Select, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../i18n';
import { useNavigate } from 'react-router-dom';
import { refreshToken } from '../auth';
import type { DeptRecord, RoleRecord, UserRecord } from '../answers';
import { api } from '../http';
import { session } from '../session';

interface Choice {
  deptId: string;
  roleId: string;
}

/** The user's own departments and roles: user/info names them, dept/select and role/select label them. */
async function loadChoices() {
  const user = session.user();
  const [me, depts, roles] = await Promise.all([
    api.get<UserRecord | null>('/blade-system/user/info'),
    api.get<DeptRecord[]>('/blade-system/dept/select'),
    api.get<RoleRecord[]>('/blade-system/role/select', { userId: user?.user_id }),
  ]);
  const mine = new Set((me?.deptId ?? user?.dept_id ?? '').split(','));
  return {
    depts: depts.filter((d) => mine.has(d.id)).map((d) => ({ value: d.id, label: d.deptName ?? d.id })),
    roles: roles.map((r) => ({ value: r.id, label: r.roleName ?? r.id })),
  };
}

/**
 * Switch department and role (switch mode, spec §2.2): both required
 * (请选择部门, 请选择角色); the token is refreshed with Dept-Id and Role-Id, then
 * menus and buttons load again for the new role.
 */
export function SwitchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Choice>();
  const [busy, setBusy] = useState(false);
  const choices = useQuery({ queryKey: ['switch-choices'], queryFn: loadChoices });
  const user = session.user();
  const single = (ids?: string) => (ids && !ids.includes(',') ? ids : undefined);

  const submit = async (choice: Choice) => {
    setBusy(true);
    try {
      await refreshToken(choice);
      await queryClient.invalidateQueries();
      void message.success(t('common.operationSuccess'));
      onClose();
      navigate('/wel/index');
    } catch {
      // the call's message is already shown
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('common.switchDeptRole')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form
        form={form}
        name="switch-dept-role"
        layout="vertical"
        initialValues={{ deptId: single(user?.dept_id), roleId: single(user?.role_id) }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="deptId" label={t('common.dept')} rules={[{ required: true, message: t('common.deptRequired') }]}>
          <Select loading={choices.isLoading} options={choices.data?.depts ?? []} placeholder={t('common.deptRequired')} />
        </Form.Item>
        <Form.Item name="roleId" label={t('common.role')} rules={[{ required: true, message: t('common.roleRequired') }]}>
          <Select loading={choices.isLoading} options={choices.data?.roles ?? []} placeholder={t('common.roleRequired')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
