import { Alert, Space, Table, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { durationText, flowCalls, type FlowHistoryItem } from './flow-api';
import type { Diagram } from './bpmn-viewer';
import { useLoaded } from './use-loaded';

export type DiagramOf = { processInstanceId: string } | { processDefinitionId: string };

/** A process's diagram (bpmn-js, loaded on first use) with an instance's passed and current nodes marked. */
export function FlowDiagram({ of }: { of: DiagramOf }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const key = JSON.stringify(of);
  useEffect(() => {
    let live = true;
    let diagram: Diagram | undefined;
    setFailed(false);
    Promise.all([import('./bpmn-viewer'), flowCalls.modelView(JSON.parse(key) as DiagramOf)])
      .then(async ([viewer, view]) => {
        if (!live || !container.current) return;
        const shown = await viewer.showDiagram(container.current, view);
        if (live) diagram = shown;
        else shown.destroy();
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      diagram?.destroy();
    };
  }, [key]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {failed && <Alert type="warning" showIcon message={t('flow.diagramFailed')} />}
      <div ref={container} className="flow-diagram" role="figure" aria-label={t('flow.diagramLabel')} />
      {'processInstanceId' in of && (
        <Typography.Text type="secondary">
          <span className="flow-legend flow-legend-done" aria-hidden /> {t('flow.legendDone')}{' '}
          <span className="flow-legend flow-legend-current" aria-hidden /> {t('flow.legendCurrent')}
        </Typography.Text>
      )}
    </Space>
  );
}

/** history-flow-list: who did what, when, how long, with what comment. */
export function FlowHistory({ processInstanceId }: { processInstanceId: string }) {
  const { t } = useTranslation();
  const rows = useLoaded(() => flowCalls.history(processInstanceId), processInstanceId);
  return (
    <Table<FlowHistoryItem>
      size="small"
      loading={rows === undefined}
      dataSource={rows ?? []}
      rowKey={(row) => `${row.historyActivityId}-${row.createTime}`}
      pagination={false}
      // No scrolling region: the history has nothing to focus, so its columns wrap to the width instead.
      title={() => <Typography.Text strong>{t('flow.history')}</Typography.Text>}
      columns={[
        { key: 'activity', title: t('flow.activity'), dataIndex: 'historyActivityName' },
        { key: 'assignee', title: t('flow.assignee'), dataIndex: 'assigneeName' },
        { key: 'start', title: t('common.startTime'), dataIndex: 'createTime' },
        { key: 'end', title: t('common.endTime'), dataIndex: 'endTime' },
        {
          key: 'duration',
          title: t('flow.duration'),
          render: (_: unknown, row) => durationText(t, row.historyActivityDurationTime),
        },
        {
          key: 'result',
          title: t('flow.result'),
          render: (_: unknown, row) => (row.isPass === null ? '' : t(row.isPass ? 'flow.approve' : 'flow.reject')),
        },
        { key: 'comment', title: t('flow.comment'), dataIndex: 'comment' },
      ]}
    />
  );
}
