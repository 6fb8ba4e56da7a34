import { jobRunEntity } from '@property/domain';
import { Button, Modal, message } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { useButtons } from '../../app/permissions';
import { CrudPage } from '../../crud/CrudPage';
import type { Row } from '../../crud/columns';
import { JobRunDialog } from '../../jobs/JobRunDialog';
import { cancelRun, isCancellable, kindName, useStateName, type JobRun } from '../../jobs/job-runs';

/**
 * 任务运行: the tenant's runs of the job queue, newest first, searchable by
 * kind and state. 查看 opens the run's progress (the dialog screens that start
 * long work show too); 取消 asks a queued or running run to stop.
 */
export default function JobRunScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [open, setOpen] = useState<string>();
  const reloadList = useRef<() => void>(undefined);
  const stateName = useStateName();
  const overrides = useMemo(
    () => ({
      kind: { render: (_: unknown, row: Row) => kindName(String(row.kind ?? '')) },
      // Named as the progress dialog names it (one function for both).
      state: { render: (_: unknown, row: Row) => stateName(row.state as string | null) },
      outcomeKey: {
        title: t('jobs.outcome'),
        search: false as const,
        render: (_: unknown, row: Row) => String(row.outcome ?? ''),
      },
      error: { hideInTable: true },
      runKey: { hideInTable: true },
      cancelRequested: { hideInTable: true },
    }),
    [t, stateName],
  );
  const cancel = (row: Row, reload: () => void) =>
    Modal.confirm({
      title: t('common.deleteTitle'),
      content: t('jobs.cancelConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await cancelRun(String(row.id));
        void message.success(t('common.operationSuccess'));
        reload();
      },
    });
  return (
    <>
      <CrudPage
        entity={jobRunEntity}
        noView
        fieldOverrides={overrides}
        rowActions={(row, reload) => {
          reloadList.current = reload;
          return (
            <>
              {buttons.has('job_run_view') && (
                <Button type="link" size="small" onClick={() => setOpen(String(row.id))}>
                  {t('common.view')}
                </Button>
              )}
              {buttons.has('job_run_cancel') && isCancellable(row as unknown as JobRun) && (
                <Button type="link" size="small" danger onClick={() => cancel(row, reload)}>
                  {t('jobs.cancelRun')}
                </Button>
              )}
            </>
          );
        }}
      />
      {open && <JobRunDialog runId={open} onClose={() => setOpen(undefined)} onFinished={() => reloadList.current?.()} />}
    </>
  );
}
