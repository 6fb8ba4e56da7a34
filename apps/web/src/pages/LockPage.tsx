import { LockOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Typography, message, type InputRef } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../app/i18n';
import { useNavigate } from 'react-router-dom';
import { signOut } from '../app/auth';
import { session } from '../app/session';

/** /lock: the session stays, the screen waits for the lock password. */
export default function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = session.user();
  // The lock dialog that led here closes as this page opens and can take focus with it: the field takes it back.
  const password = useRef<InputRef>(null);
  useEffect(() => {
    const timer = setTimeout(() => password.current?.focus(), 100);
    return () => clearTimeout(timer);
  }, []);
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
            <Input.Password ref={password} placeholder={t('common.lockPassword')} autoFocus />
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
