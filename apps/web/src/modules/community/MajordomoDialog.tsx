import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { checkPhone, MAJORDOMO_NAME_REQUIRED, type Steward } from '@property/domain';
import { Button, Form, Input, Select, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { UserRecord } from '../../app/answers';
import { useTranslation } from '../../app/i18n';
import { api, type Page } from '../../app/http';
import type { Row } from '../../crud/columns';
import { FormDialog } from './FormDialog';

/** A steward of a garden as the dialog edits it: a staff user, or just a name and phone. */
/** A steward as the dialog's form holds it (the answer's `Steward`, with blanks while being typed). */
export type StewardForm = Partial<Pick<Steward, 'name' | 'phone'>> & { userId?: string };

/** The stewards as saved: a blank user id is none, names and phones trimmed. */
export function stewardsBody(list: StewardForm[]): Array<{ userId: string | null; name: string; phone: string }> {
  return list.map((s) => ({
    userId: s.userId ? String(s.userId) : null,
    name: (s.name ?? '').trim(),
    phone: (s.phone ?? '').trim(),
  }));
}

/**
 * 管家配置: the stewards of one garden (getMajordomoInfoList), each a staff
 * user picked from the list (name and phone filled from the user) or a name
 * and phone typed in; saved whole with updateMajordomoInfo.
 */
export function MajordomoDialog({ garden, onClose }: { garden: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ stewards: StewardForm[] }>();
  const [staff, setStaff] = useState<UserRecord[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    void Promise.all([
      api.get<Steward[]>('/community-resource/garden/getMajordomoInfoList', { id: garden.id }),
      api.get<Page<UserRecord>>('/blade-system/user/page', { current: 1, size: 1000 }).catch(() => ({ records: [] })),
    ])
      .then(([stewards, users]) => {
        if (!live) return;
        setStaff(users.records);
        form.setFieldsValue({
          stewards: stewards.map((s) => ({ userId: s.userId || undefined, name: s.name, phone: s.phone })),
        });
      })
      .catch(() => undefined) // the refusal's toast is shown; the dialog stays empty
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [garden.id, form]);

  const pickUser = (index: number, userId?: string) => {
    const user = staff.find((u) => String(u.id) === userId);
    if (!user) return;
    const stewards = [...(form.getFieldValue('stewards') as StewardForm[])];
    stewards[index] = {
      ...stewards[index],
      userId,
      name: user.realName || user.name || undefined,
      phone: user.phone || stewards[index]?.phone,
    };
    form.setFieldsValue({ stewards });
  };

  const save = async ({ stewards = [] }: { stewards?: StewardForm[] }) => {
    await api.post('/community-resource/garden/updateMajordomoInfo', { id: garden.id, majordomoInfo: stewardsBody(stewards) });
    return t('common.operationSuccess');
  };

  return (
    <FormDialog
      width={760}
      title={t('community.majordomoTitle', { garden: garden.gardenName })}
      form={form}
      save={save}
      onClose={onClose}
    >
      <Spin spinning={loading}>
        <Form form={form} name="majordomo" initialValues={{ stewards: [] }}>
          <Form.List name="stewards">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <Space key={field.key} align="baseline" wrap>
                    <Form.Item name={[field.name, 'userId']}>
                      <Select
                        aria-label={t('community.majordomoStaff')}
                        placeholder={t('community.majordomoStaffHint')}
                        style={{ width: 180 }}
                        allowClear
                        showSearch
                        optionFilterProp="label"
                        options={staff.map((u) => ({ value: String(u.id), label: u.realName || u.name || String(u.id) }))}
                        onChange={(value?: string) => pickUser(index, value)}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'name']}
                      rules={[{ required: true, whitespace: true, message: t(`errors.${MAJORDOMO_NAME_REQUIRED}`) }]}
                    >
                      <Input
                        aria-label={t('community.majordomoName')}
                        placeholder={t('community.majordomoName')}
                        maxLength={50}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'phone']}
                      rules={[
                        {
                          validator: async (_rule, value) => {
                            const problem = checkPhone(value);
                            if (problem) throw new Error(t(`errors.${problem}`));
                          },
                        },
                      ]}
                    >
                      <Input
                        aria-label={t('community.majordomoPhone')}
                        placeholder={t('community.majordomoPhone')}
                        maxLength={20}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('common.delete')}
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                ))}
                {/* Adding waits for the saved stewards: their arrival replaces the list, so a row typed before it would be lost. */}
                <Button type="dashed" block icon={<PlusOutlined />} disabled={loading} onClick={() => add({})}>
                  {t('community.majordomoAdd')}
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      </Spin>
    </FormDialog>
  );
}
