import { GlobalOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../i18n';
import { LANGUAGES, setLanguage } from '../i18n';

/** zh / en; the current language is disabled in the list (spec §1). `initiallyOpen` when it loads on a hover. */
export function LanguageSwitch({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const { i18n, t } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      menu={{
        items: LANGUAGES.map((l) => ({ key: l.key, label: l.label, disabled: i18n.language === l.key })),
        onClick: ({ key }) => void setLanguage(key as 'zh' | 'en'),
      }}
    >
      <span role="button" aria-label={t('common.language')} style={{ cursor: 'pointer', padding: '0 8px' }}>
        <GlobalOutlined />
      </span>
    </Dropdown>
  );
}
