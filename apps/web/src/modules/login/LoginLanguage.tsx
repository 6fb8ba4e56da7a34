import { GlobalOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { useTranslation } from '../../app/i18n';
import { WithAntd } from '../../app/WithAntd';

const loadSwitch = () => import('../../app/layout/LanguageSwitch').then((m) => ({ default: m.LanguageSwitch }));
const LanguageSwitch = lazy(loadSwitch);

/**
 * The sign-in page's language switch: a plain globe button first (the page carries no antd), the dropdown
 * (antd's menu, with antd's providers and styles) loading when it is wanted. Focus only fetches the dropdown's
 * code: the menu opens when pressed (Enter, Space, a click) or under the pointer, never because Tab passed by
 * (it used to open on focus, replace the globe and drop focus to the page).
 */
export function LoginLanguage() {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState<'pointer' | 'keyboard'>();
  const globe = (
    <button
      type="button"
      className="login-globe"
      aria-label={t('common.language')}
      onMouseEnter={() => setWanted('pointer')}
      onFocus={() => void loadSwitch()}
      // A click the keyboard made (Enter, Space) has no pointer position: detail is 0.
      onClick={(event: MouseEvent) => setWanted(event.detail === 0 ? 'keyboard' : 'pointer')}
    >
      <GlobalOutlined />
    </button>
  );
  if (!wanted) return globe;
  return (
    <Suspense fallback={globe}>
      <WithAntd>
        <LanguageSwitch initiallyOpen={wanted} />
      </WithAntd>
    </Suspense>
  );
}
