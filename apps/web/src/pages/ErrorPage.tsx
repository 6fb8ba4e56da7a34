import { Button, Result } from 'antd';
import { useTranslation } from '../app/i18n';
import { useNavigate } from 'react-router-dom';

const TITLES = { '403': '403', '404': '404', '500': '500' } as const;

export function ErrorPage({ status }: { status: keyof typeof TITLES }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (
    <Result
      status={status}
      title={TITLES[status]}
      subTitle={t(`common.error${status}`)}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
