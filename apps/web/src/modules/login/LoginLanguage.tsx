import { GlobalOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../app/i18n';

const LanguageSwitch = lazy(() => import('../../app/layout/LanguageSwitch').then((m) => ({ default: m.LanguageSwitch })));

/**
 * The sign-in page's language switch: the globe first, the dropdown (antd's
 * menu) loading when the pointer or focus reaches it, so the page itself stays
 * within its JavaScript budget.
 */
export function LoginLanguage() {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const globe = (
    <span
      role="button"
      tabIndex={0}
      aria-label={t('common.language')}
      style={{ cursor: 'pointer', padding: '0 8px' }}
      onMouseEnter={() => setWanted(true)}
      onFocus={() => setWanted(true)}
      onClick={() => setWanted(true)}
    >
      <GlobalOutlined />
    </span>
  );
  if (!wanted) return globe;
  return (
    <Suspense fallback={globe}>
      <LanguageSwitch initiallyOpen />
    </Suspense>
  );
}
