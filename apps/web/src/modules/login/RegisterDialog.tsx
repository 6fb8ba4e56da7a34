import { Button, Form, Input, Modal, message, type FormItemProps } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { focusFirstError } from '../../app/form-errors';
import { useNavigate } from 'react-router-dom';
import { captcha } from '../../app/auth';
import { APP } from '../../app/config';
import { api, RequestError } from '../../app/http';
import { session } from '../../app/session';
import { fieldProblem, type CheckedField, type RegistrationForm } from './registration';

/**
 * "账号注册": every field says its own problem beside it (the spec's checks and words, §5), required fields are
 * marked; then the alert, then back to sign-in.
 */
export function RegisterDialog({ onClose, tenantId }: { onClose: () => void; tenantId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegistrationForm>();
  const [busy, setBusy] = useState(false);
  // The server asks a captcha of registrations too (when it checks them at all): an image of the dialog's own.
  const [image, setImage] = useState<{ key: string; image: string; enabled?: boolean }>();
  const askCaptcha = APP.captchaMode && image?.enabled !== false;
  const refreshCaptcha = useCallback(() => {
    if (APP.captchaMode)
      void captcha()
        .then(setImage)
        .catch(() => undefined);
  }, []);
  useEffect(refreshCaptcha, [refreshCaptcha]);

  /** A checked field: marked required, its problem (if any) shown beside it. */
  const checked = (field: CheckedField): FormItemProps => ({
    required: true,
    rules: [
      {
        validator: async () => {
          const problem = fieldProblem(field, form.getFieldsValue(), !!tenantId);
          if (problem) throw new Error(t(problem));
        },
      },
    ],
  });

  const submit = async () => {
    const values = await form.validateFields().catch((error: unknown) => focusFirstError(form, error));
    if (!values) return;
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
        {
          quietCodes: [400, 429],
          headers: askCaptcha && image ? { 'Captcha-Key': image.key, 'Captcha-Code': values.captchaCode ?? '' } : {},
        },
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
      form.setFieldValue('captchaCode', '');
      refreshCaptcha(); // a captcha works once
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
      {/* Named, so its fields' ids (and the labels pointing at them) differ from the sign-in form's behind it. */}
      <Form form={form} name="register" layout="vertical">
        {!tenantId && (
          <Form.Item name="tenantId" label={t('common.tenantId')} {...checked('tenantId')}>
            <Input />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('common.userName')}>
          <Input />
        </Form.Item>
        <Form.Item name="account" label={t('common.account')} {...checked('account')}>
          <Input />
        </Form.Item>
        <Form.Item name="password" label={t('common.password')} {...checked('password')}>
          <Input.Password />
        </Form.Item>
        {/* Checked again when the password changes, so "两次密码输入不一致" comes and goes with it. */}
        <Form.Item name="password2" label={t('common.confirmPassword')} dependencies={['password']} {...checked('password2')}>
          <Input.Password />
        </Form.Item>
        {askCaptcha && (
          <Form.Item label={t('common.captcha')} required>
            <div style={{ display: 'flex', gap: 8 }}>
              <Form.Item name="captchaCode" noStyle rules={[{ required: true, message: t('common.captchaRequired') }]}>
                <Input maxLength={5} aria-label={t('common.captcha')} style={{ flex: 1 }} />
              </Form.Item>
              {image && (
                <Button
                  onClick={refreshCaptcha}
                  title={t('common.captchaRefresh')}
                  aria-label={t('common.captchaRefresh')}
                  style={{ height: 40, padding: 0 }}
                >
                  <img src={image.image} alt={t('common.captcha')} style={{ height: 38, borderRadius: 6 }} />
                </Button>
              )}
            </div>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
