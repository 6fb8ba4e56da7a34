import { BetaSchemaForm, ProDescriptions, type ProColumns, type ProFormInstance } from '@ant-design/pro-components';
import type { EntityDef } from '@property/domain';
import { Modal } from 'antd';
import { useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { useTranslation } from '../app/i18n';
import { api, RequestError } from '../app/http';
import { formDefaultsOf, type Row } from './columns';
import { successThen } from './message-then';
import { plainCells, type CellLabels } from './table-cells';

/** One open dialog of a list screen: view a row, add one (with preset values), or edit one. */
export type CrudDialog = { mode: 'add' | 'edit' | 'view'; row?: Row; initial?: Row };

export interface CrudDialogsHandle {
  open(dialog: CrudDialog): void;
}

/**
 * The view, add and edit dialogs of a list screen. They hold their own state, so opening, typing in and
 * closing a dialog never renders the list again: with 200 rows a page, that render is what made a save
 * take seconds to show its message.
 */
export function CrudDialogs({
  ref,
  entity,
  columns,
  labels,
  addDefaults,
  savedMessage,
  onSaved,
}: {
  ref: Ref<CrudDialogsHandle>;
  entity: EntityDef;
  columns: ProColumns<Row>[];
  /** The labels of the choice columns, as the table shows them: 查看 names references the same way. */
  labels: CellLabels;
  /** Values every add dialog starts with and sends. */
  addDefaults?: Row;
  /** The toast after a save, instead of 新增成功 / 更新成功. */
  savedMessage?: string;
  /** After a save, once its message is on screen (the dialog has closed). */
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<CrudDialog>();
  useImperativeHandle(ref, () => ({ open: setDialog }), []);
  const close = () => setDialog(undefined);
  const { base } = entity;
  const form = useRef<ProFormInstance>(undefined);
  // The row as the edit dialog read it: its updateTime goes back with the save, so a row someone else saved
  // in between is refused (409) instead of their change being overwritten unseen.
  const read = useRef<Row>(undefined);
  // The hook's confirm (not Modal.confirm) renders inside the console's theme: its button has the contrast the
  // chosen colour gives, not antd's default blue (4.1:1 under white text).
  const [modal, modalHolder] = Modal.useModal();
  const dependents = useMemo(() => dependentFields(entity), [entity]);
  const fieldDefaults = useMemo(() => formDefaultsOf(entity, columns), [entity, columns]);
  const described = useMemo(
    () =>
      plainCells(
        columns.filter((c) => !c.hideInForm || c.dataIndex === 'createTime'),
        labels,
      ),
    [columns, labels],
  );

  const readRow = (id: unknown) => api.get<Row>(`${base}/detail`, { id });
  /**
   * A save refused with 409 (changed by someone else since it was read, or a value taken meanwhile): the
   * server's message says so; the dialog stays open with the user's input and offers to read the row again.
   */
  const offerReload = (refusal: string, id: unknown) =>
    modal.confirm({
      title: t('common.saveConflictTitle'),
      content: (
        <>
          <p>{refusal}</p>
          <p>{t('common.saveConflictHint')}</p>
        </>
      ),
      okText: t('common.saveConflictReload'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const row = (read.current = await readRow(id));
        form.current?.resetFields();
        form.current?.setFieldsValue(row);
        // The list shows the other person's save too.
        onSaved();
      },
    });

  if (dialog?.mode === 'view') {
    return (
      <Modal open title={t('common.view')} footer={null} onCancel={close} width={720}>
        <ProDescriptions<Row>
          column={2}
          columns={described as never}
          request={async () => ({ data: await api.get<Row>(`${base}/detail`, { id: dialog.row?.id }), success: true })}
        />
      </Modal>
    );
  }
  if (dialog?.mode !== 'add' && dialog?.mode !== 'edit') return null;
  const adding = dialog.mode === 'add';
  return (
    <>
      {modalHolder}
      <BetaSchemaForm<Row>
        layoutType="ModalForm"
        // A form name prefixes the field ids, so labels point at the dialog's inputs, not the search form's.
        name={`${entity.name}-dialog`}
        open
        title={adding ? t('common.add') : t('common.edit')}
        columns={formColumns(columns, adding, t('common.secretKeep')) as never}
        modalProps={{ destroyOnHidden: true, onCancel: close }}
        formRef={form}
        // A choice that depended on the changed field (the owner's house, the building's unit) no longer applies.
        onValuesChange={(changed: Row) => {
          const stale = Object.keys(changed).flatMap((key) => dependents(key));
          if (stale.length) form.current?.setFieldsValue(Object.fromEntries(stale.map((key) => [key, undefined])));
        }}
        grid
        colProps={{ span: 12 }}
        request={adding ? undefined : async () => (read.current = await readRow(dialog.row?.id))}
        initialValues={adding ? { ...fieldDefaults, ...addDefaults, ...dialog.initial } : undefined}
        onFinish={async (values) => {
          const body = adding
            ? { ...addDefaults, ...dialog.initial, ...values }
            : { ...values, id: dialog.row?.id, updateTime: read.current?.updateTime };
          try {
            await api.post(`${base}/submit`, body, undefined, adding ? {} : { quietCodes: [409] });
          } catch (error) {
            if (adding || !(error instanceof RequestError) || error.code !== 409) throw error;
            offerReload(error.message, dialog.row?.id);
            return false;
          }
          successThen(savedMessage ?? (adding ? t('common.addSuccess') : t('common.updateSuccess')), onSaved);
          close();
          return true;
        }}
      />
    </>
  );
}

/** The fields whose choices depend on a field, directly or through another (garden → building → unit). */
export function dependentFields(entity: EntityDef): (field: string) => string[] {
  const direct = (field: string) =>
    Object.entries(entity.fields)
      .filter(([, def]) => def.options?.narrowedBy?.field === field)
      .map(([key]) => key);
  const all = (field: string): string[] => direct(field).flatMap((key) => [key, ...all(key)]);
  return all;
}

/**
 * The dialog's fields. A secret (an OAuth client's, a storage or SMS account's) is never answered, so an
 * edit cannot show it: the edit dialog offers it empty and optional, and a secret left empty is not sent,
 * so the stored one stays. Every secret input asks the browser not to fill in a saved password.
 */
export function formColumns(columns: ProColumns<Row>[], adding: boolean, keepHint: string): ProColumns<Row>[] {
  return columns
    .filter((c) => !c.hideInForm)
    .map((c) => {
      if (c.valueType !== 'password') return c;
      const fieldProps = { ...(c.fieldProps as object), autoComplete: 'new-password' };
      return adding
        ? { ...c, fieldProps }
        : { ...c, fieldProps: { ...fieldProps, placeholder: keepHint }, formItemProps: { rules: [] } };
    });
}
