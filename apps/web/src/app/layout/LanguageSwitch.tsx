import { GlobalOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage } from '../i18n';

/** zh / en; the current language is disabled in the list (spec §1). */
export function LanguageSwitch() {
  const { i18n, t } = useTranslation();
  return (
    <Dropdown
      menu={{
        items: LANGUAGES.map((l) => ({ key: l.key, label: l.label, disabled: i18n.language === l.key })),
        onClick: ({ key }) => setLanguage(key as 'zh' | 'en'),
      }}
    >
      <span role="button" aria-label={t('common.language')} style={{ cursor: 'pointer', padding: '0 8px' }}>
        <GlobalOutlined />
      </span>
    </Dropdown>
  );
}
