import { UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Form, Input, Tabs, Upload, message } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import type { UserRecord } from '../../app/answers';
import { api } from '../../app/http';
import { uploadFile } from '../../crud/upload';
import { avatarProblem } from './avatar';

/** The fields of one's own user record (user/info) the profile form shows and saves. */
type Profile = Partial<Pick<UserRecord, 'avatar' | 'realName' | 'name' | 'phone' | 'email'>>;

/** /info/index: one's own profile and password. */
export default function InfoPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Profile>();
  const [avatar, setAvatar] = useState<string>();

  useEffect(() => {
    void api.get<UserRecord | null>('/blade-system/user/info').then((profile) => {
      // null: the user was removed since signing in (the next call signs them out).
      if (!profile) return;
      form.setFieldsValue(profile);
      setAvatar(profile.avatar ?? undefined);
    });
  }, [form]);

  const pickAvatar = (file: File) => {
    const problem = avatarProblem(file);
    if (problem) {
      void message.error(t(problem));
      return Upload.LIST_IGNORE;
    }
    // Stored in object storage; the profile keeps the link (saved with the form).
    uploadFile(file)
      .then(setAvatar)
      .catch(() => undefined); // the call already showed the server's message
    return false;
  };

  return (
    <Card>
      <Tabs
        items={[
          {
            key: 'info',
            label: t('common.userInfo'),
            children: (
              <Form
                form={form}
                layout="vertical"
                style={{ maxWidth: 480 }}
                onFinish={async (values) => {
                  await api.post('/blade-system/user/update-info', { ...values, avatar });
                  void message.success(t('common.updateSuccess'));
                }}
              >
                <Form.Item label={t('common.avatar')}>
                  {/* A real button inside (antd's upload box is no tab stop of its own when it holds a control). */}
                  <Upload accept=".jpg,.jpeg,.png" showUploadList={false} beforeUpload={pickAvatar}>
                    <Button
                      type="text"
                      shape="circle"
                      aria-label={t('common.changeAvatar')}
                      style={{ width: 64, height: 64, padding: 0 }}
                    >
                      <Avatar size={64} src={avatar || undefined} icon={<UserOutlined />} alt="" />
                    </Button>
                  </Upload>
                </Form.Item>
                <Form.Item
                  name="realName"
                  label={t('fields.user.realName')}
                  rules={[{ required: true, message: t('errors.realNameRequired') }]}
                >
                  <Input />
                </Form.Item>
                <Form.Item name="name" label={t('fields.user.name')}>
                  <Input />
                </Form.Item>
                <Form.Item name="phone" label={t('fields.user.phone')}>
                  <Input />
                </Form.Item>
                <Form.Item name="email" label={t('fields.user.email')}>
                  <Input />
                </Form.Item>
                <Button type="primary" htmlType="submit">
                  {t('common.submit')}
                </Button>
              </Form>
            ),
          },
          {
            key: 'password',
            label: t('common.changePassword'),
            children: (
              <Form
                layout="vertical"
                style={{ maxWidth: 480 }}
                onFinish={async (values) => {
                  await api.post('/blade-system/user/update-password', values);
                  void message.success(t('common.updateSuccess'));
                }}
              >
                <Form.Item
                  name="oldPassword"
                  label={t('common.oldPassword')}
                  rules={[{ required: true, message: t('common.passwordRequired') }]}
                >
                  <Input.Password />
                </Form.Item>
                <Form.Item
                  name="newPassword"
                  label={t('common.newPassword')}
                  rules={[{ required: true, message: t('common.passwordRequired') }]}
                >
                  <Input.Password />
                </Form.Item>
                <Form.Item
                  name="newPassword1"
                  label={t('common.confirmPassword')}
                  dependencies={['newPassword']}
                  rules={[
                    { required: true, message: t('common.passwordRequired') },
                    ({ getFieldValue }) => ({
                      validator: async (_rule, value) => {
                        if (value && value !== getFieldValue('newPassword'))
                          throw new Error(t('common.registerPasswordMismatch'));
                      },
                    }),
                  ]}
                >
                  <Input.Password />
                </Form.Item>
                <Button type="primary" htmlType="submit">
                  {t('common.submit')}
                </Button>
              </Form>
            ),
          },
        ]}
      />
    </Card>
  );
}
