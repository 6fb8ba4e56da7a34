import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from '../i18n';
import { LANGUAGES, setLanguage } from '../i18n';
import { HeaderToolMenu } from './HeaderToolMenu';

/** zh / en; the current language is disabled in the list (spec §1). `initiallyOpen` when it loads on a hover or a press. */
export function LanguageSwitch({ initiallyOpen }: { initiallyOpen?: 'pointer' | 'keyboard' }) {
  const { i18n, t } = useTranslation();
  return (
    <HeaderToolMenu
      label={t('common.language')}
      initiallyOpen={initiallyOpen}
      menu={{
        items: LANGUAGES.map((l) => ({ key: l.key, label: l.label, disabled: i18n.language === l.key })),
        onClick: ({ key }) => void setLanguage(key as 'zh' | 'en'),
      }}
    >
      <GlobalOutlined />
    </HeaderToolMenu>
  );
}
