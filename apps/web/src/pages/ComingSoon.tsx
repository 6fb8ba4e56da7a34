import { Result } from 'antd';
import { useTranslation } from '../app/i18n';

/** A screen whose module is not built yet: its name and "under construction", never an error. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return <Result status="info" title={title} subTitle={t('common.comingSoon')} />;
}

/** A route of spec §2.1 whose screen the spec does not describe (/test/index), titled by a message key. */
export function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <ComingSoon title={t(titleKey)} />;
}
