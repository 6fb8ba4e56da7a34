import { Modal, message, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../app/i18n';
import { focusFirstError } from '../../app/form-errors';
import { quietly } from './quietly';

/** What a dialog's save answers: the success message to show, or false when it refused (its reason is on the form). */
export type SaveOutcome = string | false;

/**
 * A dialog that saves one form: the form's own checks first, then `save`
 * with the checked values while the OK button spins; on success the message,
 * `onSaved`, then closing. A refused call has shown the server's toast and
 * keeps the dialog open with what was typed.
 */
export function FormDialog<Values>({
  title,
  form,
  save,
  onClose,
  onSaved,
  width,
  okText,
  children,
}: {
  title: ReactNode;
  form: FormInstance<Values>;
  save: (values: Values) => Promise<SaveOutcome>;
  onClose: () => void;
  onSaved?: () => void;
  width?: number;
  /** The OK button's words when not 保存 (确定 for a decision rather than a record). */
  okText?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const values = await form.validateFields().catch((error: unknown) => {
      focusFirstError(form, error);
      throw error;
    });
    setSaving(true);
    try {
      const saved = await save(values);
      if (saved === false) return;
      void message.success(saved);
      onSaved?.();
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      width={width}
      title={title}
      onCancel={onClose}
      onOk={() => void quietly(submit)}
      confirmLoading={saving}
      okText={okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
