import { LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
// Input and Password on their own: antd's Input index also brings TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { useNavigate } from 'react-router-dom';
import { captcha, signIn, type SignInForm } from '../../app/auth';
import { APP } from '../../app/config';
import { LoginLanguage } from './LoginLanguage';

// The sign-in page stays small (≤ 250 KB of JavaScript): the registration dialog loads when opened.
const RegisterDialog = lazy(() => import('./RegisterDialog').then((m) => ({ default: m.RegisterDialog })));

/** /login: tenant, account, password and captcha; the server's error_description shows on failure. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<SignInForm>();
  const [image, setImage] = useState<{ key: string; image: string; enabled?: boolean }>();
  // The field shows while the first image loads, and goes away if the server says it checks no captcha.
  const askCaptcha = APP.captchaMode && image?.enabled !== false;
  const [busy, setBusy] = useState(false);
  const [registering, setRegistering] = useState(false);

  const refreshCaptcha = useCallback(() => {
    if (APP.captchaMode)
      void captcha()
        .then(setImage)
        .catch(() => undefined);
  }, []);
  useEffect(refreshCaptcha, [refreshCaptcha]);

  const submit = async (values: SignInForm) => {
    setBusy(true);
    try {
      await signIn({ ...values, captchaKey: askCaptcha ? image?.key : undefined });
      navigate('/wel/index', { replace: true });
    } catch {
      form.setFieldValue('captchaCode', '');
      refreshCaptcha(); // a captcha works once
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className="login-page"
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        padding: 16,
        boxSizing: 'border-box',
        background: 'linear-gradient(135deg,#1f3b5c 0%,#409EFF 100%)',
      }}
    >
      {/* 400 px wide, or the screen's width less a margin on a phone (the card stays inside a 390 px screen). */}
      <main
        style={{
          width: '100%',
          maxWidth: 400,
          boxSizing: 'border-box',
          padding: 24,
          borderRadius: 8,
          background: '#fff',
          boxShadow: '0 8px 24px rgba(0,0,0,.2)',
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 16 }}>
          <h1 style={{ margin: 0, fontSize: 24, fontWeight: 600, color: 'rgba(0,0,0,.88)' }}>{t('common.appTitle')}</h1>
          <LoginLanguage />
        </div>
        <Form form={form} size="large" onFinish={submit} initialValues={{ tenantId: APP.defaultTenantId }}>
          {APP.tenantMode && (
            <Form.Item name="tenantId" rules={[{ required: true, message: t('common.tenantIdRequired') }]}>
              <Input prefix={<TeamOutlined />} placeholder={t('common.tenantId')} autoComplete="organization" />
            </Form.Item>
          )}
          <Form.Item name="username" rules={[{ required: true, message: t('common.accountRequired') }]}>
            <Input prefix={<UserOutlined />} placeholder={t('common.account')} autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: t('common.passwordRequired') }]}>
            <Password prefix={<LockOutlined />} placeholder={t('common.password')} autoComplete="current-password" />
          </Form.Item>
          {askCaptcha && (
            <div style={{ display: 'flex', gap: 8 }}>
              <Form.Item
                name="captchaCode"
                style={{ flex: 1 }}
                rules={[{ required: true, message: t('common.captchaRequired') }]}
              >
                <Input prefix={<SafetyOutlined />} placeholder={t('common.captcha')} maxLength={5} />
              </Form.Item>
              {image && (
                <img
                  src={image.image}
                  alt={t('common.captcha')}
                  title={t('common.captchaRefresh')}
                  onClick={refreshCaptcha}
                  style={{ height: 40, cursor: 'pointer', borderRadius: 6, border: '1px solid #d9d9d9' }}
                />
              )}
            </div>
          )}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('common.login')}
          </Button>
          <Button type="link" block onClick={() => setRegistering(true)}>
            {t('common.register')}
          </Button>
        </Form>
      </main>
      {registering && (
        <Suspense>
          <RegisterDialog onClose={() => setRegistering(false)} />
        </Suspense>
      )}
    </div>
  );
}
