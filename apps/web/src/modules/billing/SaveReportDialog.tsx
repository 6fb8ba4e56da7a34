import { Form, Input } from 'antd';
import { api } from '../../app/http';
import { useTranslation } from '../../app/i18n';
import { FormDialog } from '../community/FormDialog';

interface ReportForm {
  name: string;
  remark?: string;
}

/**
 * 保存为报表: names the statistics on screen (the garden and months shown) and saves them as a report; the server
 * computes the figures itself at that moment, and they stay as they are (报表列表 shows them).
 */
export function SaveReportDialog({
  gardenId,
  from,
  to,
  onClose,
}: {
  gardenId?: string;
  from: string;
  to: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReportForm>();
  const save = async (values: ReportForm) => {
    await api.post('/blade-report/report/rest/submit', {
      ...values,
      kind: 'billStatistics',
      ...(gardenId ? { gardenId } : {}),
      billBetweenTime: `${from},${to}`,
    });
    return t('report.saved');
  };
  return (
    <FormDialog title={t('report.saveTitle')} form={form} save={save} onClose={onClose}>
      <Form form={form} name="save-report" layout="vertical" initialValues={{ name: t('report.defaultName', { from, to }) }}>
        <Form.Item name="name" label={t('report.name')} rules={[{ required: true, message: t('errors.reportNameRequired') }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="remark" label={t('report.remark')}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
