import { LockOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { signOut } from '../app/auth';
import { session } from '../app/session';

/** /lock: the session stays, the screen waits for the lock password. */
export default function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = session.user();
  return (
    <div
      style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: 'linear-gradient(135deg,#1f3b5c,#409EFF)' }}
    >
      <Card style={{ width: 360 }}>
        <Typography.Title level={1} style={{ textAlign: 'center', fontSize: 20 }}>
          <LockOutlined /> {user?.real_name || user?.account}
        </Typography.Title>
        <Form
          onFinish={({ password }: { password: string }) => {
            const back = session.unlock(password);
            if (back) navigate(back, { replace: true });
            else void message.error(t('common.lockPasswordWrong'));
          }}
        >
          <Form.Item name="password" rules={[{ required: true, message: t('common.lockPasswordRequired') }]}>
            <Input.Password placeholder={t('common.lockPassword')} autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            {t('common.unlock')}
          </Button>
          <Button type="link" block onClick={() => void signOut().then(() => navigate('/login'))}>
            {t('common.logout')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
