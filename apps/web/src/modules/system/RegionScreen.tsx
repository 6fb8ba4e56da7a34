import { BetaSchemaForm, type ProFormInstance } from '@ant-design/pro-components';
import type { Locale } from '@property/domain';
import { Button, Card, Col, Empty, Row as Grid, Space, Tree, message } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useRef, useState, type Key } from 'react';
import { useTranslation } from '../../app/i18n';
import { api } from '../../app/http';
import { useButtons } from '../../app/permissions';
import { columnsOf, type Row } from '../../crud/columns';
import { withChildren } from '../../crud/CrudPage';
import { confirmThen, entityOf } from './shared';

const regionEntity = entityOf('region');
const BASE = '/blade-system/region';

type RegionNode = DataNode & { key: string; children?: RegionNode[] };
const TOP = '00';
const asNodes = (rows: Row[]): RegionNode[] =>
  rows.map((r) => ({ key: String(r.key), title: String(r.title), isLeaf: !r.hasChildren }));

/** The tree with `parentCode`'s level replaced by `fresh`, keeping the levels already opened under it. */
export function replaceLevel(nodes: RegionNode[], parentCode: string, fresh: RegionNode[]): RegionNode[] {
  const merge = (old: RegionNode[] | undefined) => {
    const opened = new Map((old ?? []).map((n) => [n.key, n.children]));
    return fresh.map((n) => (opened.get(n.key) ? { ...n, isLeaf: false, children: opened.get(n.key) } : n));
  };
  if (parentCode === TOP) return merge(nodes);
  return nodes.map((node) => {
    if (node.key === parentCode) return { ...node, isLeaf: fresh.length === 0, children: merge(node.children) };
    return node.children?.length ? { ...node, children: replaceLevel(node.children, parentCode, fresh) } : node;
  });
}

/** Regions: a tree loaded one level at a time (lazy-tree by parent code), the picked region's form beside it. */
export default function RegionScreen() {
  const { t, i18n } = useTranslation();
  const buttons = useButtons();
  const columns = useMemo(
    () => columnsOf(regionEntity, (i18n.language === 'en' ? 'en' : 'zh') as Locale).filter((c) => !c.hideInForm),
    [i18n.language],
  );
  const [tree, setTree] = useState<RegionNode[]>([]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  // The region shown in the form: an existing one (with id) or a new child of `parentCode`.
  const [current, setCurrent] = useState<Row>();
  const form = useRef<ProFormInstance>(undefined);

  const loadLevel = (parentCode: string) => api.get<Row[]>(`${BASE}/lazy-tree`, { parentCode }).then(asNodes);
  useEffect(() => void loadLevel(TOP).then(setTree), []);
  /** After a save or a removal: the changed level again, its parent opened so a new child shows at once. */
  const reloadLevel = async (parentCode: string) => {
    const fresh = await loadLevel(parentCode);
    setTree((nodes) => replaceLevel(nodes, parentCode, fresh));
    if (parentCode !== TOP) setExpanded((keys) => (keys.includes(parentCode) ? keys : [...keys, parentCode]));
  };
  useEffect(() => {
    form.current?.resetFields();
    form.current?.setFieldsValue(current ?? {});
  }, [current]);

  const pick = async (code: string) => setCurrent(await api.get<Row>(`${BASE}/detail`, { code }));
  const addChild = () =>
    setCurrent({ parentCode: current?.code ?? TOP, regionLevel: Number(current?.regionLevel ?? 0) + 1, sort: 1 });

  const canEdit = buttons.has('region_edit') || buttons.has('region_add');
  return (
    <Grid className="split-screen" gutter={12} wrap={false}>
      <Col flex="320px">
        <Card size="small" title={t('system.region')} styles={{ body: { maxHeight: '70vh', overflow: 'auto' } }}>
          {tree.length > 0 && (
            <Tree<RegionNode>
              aria-label={t('system.region')}
              treeData={tree}
              expandedKeys={expanded}
              onExpand={setExpanded}
              loadData={async (node) => {
                const children = await loadLevel(node.key);
                setTree((nodes) => withChildren(nodes as never, node.key, children as never) as never);
              }}
              onSelect={(keys) => keys.length && void pick(String(keys[0]))}
            />
          )}
        </Card>
      </Col>
      <Col flex="auto">
        <Card
          size="small"
          title={t('system.regionDetail')}
          extra={
            <Space>
              {buttons.has('region_add') && (
                <Button onClick={addChild}>{current?.id ? t('common.addChild') : t('common.add')}</Button>
              )}
              {!!current?.id && buttons.has('region_delete') && (
                <Button
                  danger
                  onClick={() =>
                    confirmThen(
                      t('common.deleteConfirm'),
                      () => api.post(`${BASE}/remove`, undefined, { id: current.id }),
                      () => {
                        setCurrent(undefined);
                        void reloadLevel(String(current.parentCode ?? TOP));
                      },
                    )
                  }
                >
                  {t('common.delete')}
                </Button>
              )}
            </Space>
          }
        >
          {current ? (
            <BetaSchemaForm<Row>
              layoutType="Form"
              name="region-form"
              formRef={form}
              columns={columns as never}
              grid
              colProps={{ span: 12 }}
              initialValues={current}
              submitter={canEdit ? { searchConfig: { submitText: t('common.save') }, resetButtonProps: false } : false}
              onFinish={async (values) => {
                await api.post(`${BASE}/submit`, { ...current, ...values });
                void message.success(current.id ? t('common.updateSuccess') : t('common.addSuccess'));
                await reloadLevel(String(values.parentCode ?? current.parentCode ?? TOP));
                await pick(String(values.code));
              }}
            />
          ) : (
            <Empty description={t('system.regionPick')} />
          )}
        </Card>
      </Col>
    </Grid>
  );
}
