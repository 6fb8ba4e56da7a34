import { LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
// Input and Password on their own: antd's Input index also brings TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../app/i18n';
import { useNavigate } from 'react-router-dom';
import { captcha, signIn, type SignInForm } from '../../app/auth';
import { APP } from '../../app/config';
import { LoginLanguage } from './LoginLanguage';

// The sign-in page stays small (≤ 200 KB of JavaScript, gzip): the registration dialog loads when opened.
const RegisterDialog = lazy(() => import('./RegisterDialog').then((m) => ({ default: m.RegisterDialog })));

type FieldName = 'tenantId' | 'username' | 'password' | 'captchaCode';

/**
 * One field of the sign-in form with its message below it, in antd's form markup (its styles are
 * static, see docs/architecture.md) but without antd's Form: the sign-in page's scripts stay small.
 */
function LoginField({ id, error, children }: { id: string; error?: string; children: ReactNode }) {
  return (
    <div className={`ant-form-item${error ? ' ant-form-item-has-error' : ''}`} style={{ marginBottom: error ? 0 : 24, flex: 1 }}>
      {children}
      {error && (
        <div
          id={`${id}-error`}
          className="ant-form-item-explain-error"
          role="alert"
          // antd's red-7: the message reads at 4.5:1 or more on the white card (its error red does not).
          style={{ minHeight: 24, lineHeight: '24px', fontSize: 14, color: '#cf1322' }}
        >
          {error}
        </div>
      )}
    </div>
  );
}

/** /login: tenant, account, password and captcha; the server's error_description shows on failure. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<SignInForm>({ tenantId: APP.defaultTenantId, username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
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

  /** The fields asked for, in the form's order, each with the message shown when it is left empty. */
  const required: Array<[FieldName, string]> = [
    ...(APP.tenantMode ? [['tenantId', t('common.tenantIdRequired')] as [FieldName, string]] : []),
    ['username', t('common.accountRequired')],
    ['password', t('common.passwordRequired')],
    ...(askCaptcha ? [['captchaCode', t('common.captchaRequired')] as [FieldName, string]] : []),
  ];

  const change = (name: FieldName, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: value.trim() ? undefined : e[name] }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = required.filter(([name]) => !values[name]?.trim());
    setErrors(Object.fromEntries(missing));
    if (missing.length > 0) {
      inputs.current[missing[0]![0]]?.focus();
      return;
    }
    setBusy(true);
    try {
      await signIn({ ...values, captchaKey: askCaptcha ? image?.key : undefined });
      navigate('/wel/index', { replace: true });
    } catch {
      setValues((v) => ({ ...v, captchaCode: '' }));
      refreshCaptcha(); // a captcha works once
    } finally {
      setBusy(false);
    }
  };

  /** The props every field's input shares: its value, its message and where focus goes when it is missing. */
  const field = (name: FieldName) => ({
    id: `login-${name}`,
    value: values[name] ?? '',
    onChange: (e: { target: { value: string } }) => change(name, e.target.value),
    status: errors[name] ? ('error' as const) : undefined,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `login-${name}-error` : undefined,
    ref: (input: { input?: HTMLInputElement | null } | null) => {
      inputs.current[name] = input?.input ?? null;
    },
  });

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
        <form className="ant-form ant-form-horizontal ant-form-large" noValidate onSubmit={(e) => void submit(e)}>
          {APP.tenantMode && (
            <LoginField id="login-tenantId" error={errors.tenantId}>
              <Input
                {...field('tenantId')}
                size="large"
                prefix={<TeamOutlined />}
                placeholder={t('common.tenantId')}
                autoComplete="organization"
              />
            </LoginField>
          )}
          <LoginField id="login-username" error={errors.username}>
            <Input
              {...field('username')}
              size="large"
              prefix={<UserOutlined />}
              placeholder={t('common.account')}
              autoComplete="username"
            />
          </LoginField>
          <LoginField id="login-password" error={errors.password}>
            <Password
              {...field('password')}
              size="large"
              prefix={<LockOutlined />}
              placeholder={t('common.password')}
              autoComplete="current-password"
            />
          </LoginField>
          {askCaptcha && (
            <div style={{ display: 'flex', gap: 8 }}>
              <LoginField id="login-captchaCode" error={errors.captchaCode}>
                <Input
                  {...field('captchaCode')}
                  size="large"
                  prefix={<SafetyOutlined />}
                  placeholder={t('common.captcha')}
                  maxLength={5}
                />
              </LoginField>
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
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>
            {t('common.login')}
          </Button>
          <Button type="link" size="large" block onClick={() => setRegistering(true)}>
            {t('common.register')}
          </Button>
        </form>
      </main>
      {registering && (
        <Suspense>
          <RegisterDialog onClose={() => setRegistering(false)} />
        </Suspense>
      )}
    </div>
  );
}
