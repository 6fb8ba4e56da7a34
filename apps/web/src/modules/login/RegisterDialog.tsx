import { Form, Input, Modal, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api, RequestError } from '../../app/http';
import { session } from '../../app/session';
import { registrationProblem, type RegistrationForm } from './registration';

/** "账号注册": checks as warnings in the spec's order, then the alert, then back to sign-in. */
export function RegisterDialog({ onClose, tenantId }: { onClose: () => void; tenantId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegistrationForm>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const values = form.getFieldsValue();
    const problem = registrationProblem(values, !!tenantId);
    if (problem) {
      void message.warning(t(problem));
      return;
    }
    setBusy(true);
    try {
      await api.post(
        '/blade-system/user/register-guest',
        undefined,
        {
          tenantId: tenantId ?? values.tenantId,
          name: values.name ?? values.account,
          account: values.account,
          password: values.password,
        },
        { quietCodes: [400] },
      );
      onClose();
      Modal.success({
        title: t('common.registerTip'),
        content: t('common.registerDone'),
        onOk: () => {
          session.signOut();
          navigate('/login');
        },
      });
    } catch (error) {
      void message.error(error instanceof RequestError && error.message ? error.message : t('common.submitFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('common.register')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
    >
      <Form form={form} layout="vertical">
        {!tenantId && (
          <Form.Item name="tenantId" label={t('common.tenantId')}>
            <Input />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('common.userName')}>
          <Input />
        </Form.Item>
        <Form.Item name="account" label={t('common.account')}>
          <Input />
        </Form.Item>
        <Form.Item name="password" label={t('common.password')}>
          <Input.Password />
        </Form.Item>
        <Form.Item name="password2" label={t('common.confirmPassword')}>
          <Input.Password />
        </Form.Item>
      </Form>
    </Modal>
  );
}
