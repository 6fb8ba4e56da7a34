import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { useTranslation } from '../../app/i18n';
import { useNavigate } from 'react-router-dom';
import { captcha, signIn, type SignInForm } from '../../app/auth';
import { APP } from '../../app/config';
import { preloadAntd, WithAntd } from '../../app/WithAntd';
import { LoginLanguage } from './LoginLanguage';
import './login.css';

// The sign-in page stays small (≤ 200 KB of JavaScript, gzip): the registration dialog loads when opened.
const RegisterDialog = lazy(() => import('./RegisterDialog').then((m) => ({ default: m.RegisterDialog })));

type FieldName = 'tenantId' | 'username' | 'password' | 'captchaCode';

/**
 * One field of the sign-in form: its icon, the input, and its message below it. Plain elements styled by
 * login.css to match the console's antd fields: the sign-in page loads neither antd nor its 80 KB of styles,
 * so a phone on a slow network shows it sooner (docs/benchmarks.md).
 */
function LoginField({
  id,
  error,
  icon,
  after,
  inputRef,
  ...input
}: { id: string; error?: string; icon: ReactNode; after?: ReactNode; inputRef: (input: HTMLInputElement | null) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id'
>) {
  return (
    <div className={`login-field${error ? ' has-error' : ''}`}>
      <span className="login-input">
        <span className="login-input-icon" aria-hidden>
          {icon}
        </span>
        <input
          {...input}
          id={id}
          ref={inputRef}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {after}
      </span>
      {error && (
        <div id={`${id}-error`} className="login-field-error" role="alert">
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
  const [showPassword, setShowPassword] = useState(false);

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

  /** The props every field shares: its value, its message and where focus goes when it is missing. */
  const field = (name: FieldName) => ({
    id: `login-${name}`,
    value: values[name] ?? '',
    onChange: (e: { target: { value: string } }) => change(name, e.target.value),
    error: errors[name],
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
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
        <form
          className="login-form"
          noValidate
          onSubmit={(e) => void submit(e)}
          // Once someone starts on the form, antd and its styles load in the background: the console after
          // signing in (and the registration dialog, an error's toast) then start without waiting for them.
          onFocusCapture={preloadAntd}
        >
          {APP.tenantMode && (
            <LoginField
              {...field('tenantId')}
              icon={<TeamOutlined />}
              placeholder={t('common.tenantId')}
              autoComplete="organization"
            />
          )}
          <LoginField {...field('username')} icon={<UserOutlined />} placeholder={t('common.account')} autoComplete="username" />
          <LoginField
            {...field('password')}
            type={showPassword ? 'text' : 'password'}
            icon={<LockOutlined />}
            placeholder={t('common.password')}
            autoComplete="current-password"
            after={
              <button
                type="button"
                className="login-input-toggle"
                aria-label={t(showPassword ? 'common.hidePassword' : 'common.showPassword')}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                {showPassword ? <EyeOutlined /> : <EyeInvisibleOutlined />}
              </button>
            }
          />
          {askCaptcha && (
            <div className="login-captcha">
              <LoginField {...field('captchaCode')} icon={<SafetyOutlined />} placeholder={t('common.captcha')} maxLength={5} />
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
          <button type="submit" className="login-button login-button-primary" disabled={busy} aria-busy={busy}>
            {busy && <span className="login-button-spinner" aria-hidden />}
            {t('common.login')}
          </button>
          <button type="button" className="login-button login-button-link" onClick={() => setRegistering(true)}>
            {t('common.register')}
          </button>
        </form>
      </main>
      {registering && (
        <Suspense>
          <WithAntd>
            <RegisterDialog onClose={() => setRegistering(false)} />
          </WithAntd>
        </Suspense>
      )}
    </div>
  );
}
