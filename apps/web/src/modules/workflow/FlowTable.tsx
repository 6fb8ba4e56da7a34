import { Card, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../app/i18n';
import { flowCalls } from './flow-api';
import './flow.css';

/**
 * One paged list of the workflow calls (work lists, definitions, running
 * instances): the call's page with its columns, an actions column, and tools
 * above it. `reload` is handed to the actions so a claim or a deletion shows at once.
 */
export function FlowTable<T extends object>({
  title,
  path,
  query,
  columns,
  rowKey,
  actions,
  tools,
}: {
  title: string;
  path: string;
  query?: Record<string, string>;
  columns: TableColumnsType<T>;
  rowKey: (row: T) => string;
  actions?: (row: T, reload: () => void) => ReactNode;
  tools?: (reload: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const queryKey = JSON.stringify(query ?? {});
  useEffect(() => {
    let live = true;
    setLoading(true);
    flowCalls
      .list<T>(path, { ...page, ...(JSON.parse(queryKey) as Record<string, string>) })
      .then((answer) => {
        if (!live) return;
        setRows(answer.records);
        setTotal(answer.total);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [path, page, version, queryKey]);
  const all: TableColumnsType<T> = actions
    ? [
        ...columns,
        {
          key: 'actions',
          title: t('common.actions'),
          fixed: 'right',
          render: (_: unknown, row: T) => <Space size={0}>{actions(row, reload)}</Space>,
        },
      ]
    : columns;
  return (
    <Card title={<h2 className="flow-title">{title}</h2>} extra={tools?.(reload)}>
      <Table<T>
        rowKey={rowKey}
        columns={all}
        dataSource={rows}
        loading={loading}
        scroll={{ x: 'max-content' }}
        size="middle"
        pagination={{
          current: page.current,
          pageSize: page.size,
          total,
          showSizeChanger: true,
          showTotal: (n) => t('common.total', { total: n }),
          onChange: (current, size) => setPage({ current, size }),
        }}
      />
    </Card>
  );
}
