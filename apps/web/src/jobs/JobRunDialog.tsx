import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../app/i18n';
import { cancelRun, fetchRun, isCancellable, isFinished, kindName, percentOf, useStateName, type JobRun } from './job-runs';

/** How often an unfinished run is read again. */
const POLL_MS = 1000;

export interface JobRunDialogProps {
  runId: string;
  /** The dialog's title; the run's kind name by default. */
  title?: string;
  /** Called once the dialog has closed (the run goes on unless it ended): unmount it then. */
  onClose: () => void;
  /** Called once when the run ends (done, failed or cancelled), e.g. to reload a list. */
  onFinished?: (run: JobRun) => void;
}

/**
 * 任务运行: the progress of one run of the job queue, read every second until
 * it ends. The bar is a progressbar named 任务进度 with its count as text; the
 * state and then the outcome are spoken by a polite live region, so a screen
 * reader hears the ending without leaving the dialog. Closing the dialog
 * leaves the run going (后台运行); 取消任务 asks it to stop at its next chunk.
 */
export function JobRunDialog({ runId, title, onClose, onFinished }: JobRunDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const run = useQuery({
    queryKey: ['job-run', runId],
    queryFn: () => fetchRun(runId),
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data.state) ? false : POLL_MS),
    staleTime: 0,
  });
  const stateLabel = useStateName();
  const [cancelling, setCancelling] = useState(false);
  // Closed here first and reported once its closing is over: the modal then gives the focus back to what opened it
  // (a parent that unmounted it at once would cut that short).
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);
  const row = run.data;
  const finished = !!row && isFinished(row.state);

  const reported = useRef(false);
  useEffect(() => {
    if (row && finished && !reported.current) {
      reported.current = true;
      onFinished?.(row);
    }
  }, [row, finished, onFinished]);

  const done = Number(row?.progressDone ?? 0);
  const total = Number(row?.progressTotal ?? 0);
  const count = total > 0 ? t('jobs.progressCount', { done, total }) : t('jobs.progressWaiting');
  const status =
    row?.state === 'failed' ? 'exception' : row?.state === 'done' ? 'success' : row?.state === 'running' ? 'active' : 'normal';
  const cancelAsked = !!row && !finished && Number(row.cancelRequested) === 1;

  // 取消任务 goes away once asked (or when the run ends): the focus it held moves to the dialog's other button
  // rather than falling out of the dialog, where Escape and Tab would no longer reach it.
  const closeButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const canCancel = !!row && isCancellable(row);
  const keepFocusInside = () => {
    if (!document.activeElement || document.activeElement === document.body) closeButton.current?.focus();
  };
  useEffect(() => {
    if (!canCancel) keepFocusInside();
  }, [canCancel]);

  const cancel = () =>
    Modal.confirm({
      title: t('common.deleteTitle'),
      content: t('jobs.cancelConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setCancelling(true);
        try {
          const after = await cancelRun(runId);
          queryClient.setQueryData(['job-run', runId], after);
        } finally {
          setCancelling(false);
        }
      },
      // The focus goes back to 取消任务 when the answer was no, and to the dialog's other button when the
      // cancel was asked for (取消任务 is gone then): never out of the dialog, where Escape and Tab would not reach it.
      focusTriggerAfterClose: false,
      afterClose: () => (cancelButton.current ?? closeButton.current)?.focus(),
    });

  return (
    <Modal
      open={open}
      title={title ?? (row ? kindName(row.kind) : t('jobs.progressTitle'))}
      onCancel={close}
      afterClose={onClose}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          {canCancel && (
            <Button danger ref={cancelButton} loading={cancelling} onClick={cancel}>
              {t('jobs.cancelRun')}
            </Button>
          )}
          <Button type="primary" ref={closeButton} onClick={close}>
            {finished ? t('common.close') : t('jobs.runInBackground')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Progress
          percent={row ? percentOf(row) : 0}
          status={status}
          aria-label={t('jobs.progressLabel')}
          aria-valuetext={count}
          aria-busy={!finished}
        />
        <Typography.Text type="secondary">{count}</Typography.Text>
        {/* Polite: the state changes and the outcome are read out when they change, not on every poll. */}
        <div role="status" aria-live="polite" aria-atomic="true">
          {row && !finished && <Typography.Text>{cancelAsked ? t('jobs.cancelAsked') : stateLabel(row.state)}</Typography.Text>}
          {row && finished && (
            <Alert
              type={row.state === 'done' ? 'success' : row.state === 'failed' ? 'error' : 'warning'}
              showIcon
              message={stateLabel(row.state)}
              description={row.outcome ?? undefined}
            />
          )}
        </div>
      </Space>
    </Modal>
  );
}
