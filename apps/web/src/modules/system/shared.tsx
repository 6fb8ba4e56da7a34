import { ENTITIES, type EntityDef } from '@property/domain';
import { Button, Modal, message } from 'antd';
import type { ReactNode } from 'react';
import i18n from '../../app/i18n';

/** The definition behind a menu code (its permission). */
export function entityOf(permission: string): EntityDef {
  const found = ENTITIES.find((e) => e.permission === permission);
  if (!found) throw new Error(`No entity with permission ${permission}`);
  return found;
}

/**
 * A toolbar button acting on the selected rows: warns when none (or, with
 * `single`, when not exactly one) is selected, else runs.
 */
export function SelectionButton({
  selected,
  single,
  onRun,
  children,
}: {
  selected: string[];
  single?: boolean;
  onRun: (ids: string[]) => void;
  children: ReactNode;
}) {
  return (
    <Button
      onClick={() => {
        if (selected.length === 0) return void message.warning(i18n.t('common.selectAtLeastOne'));
        if (single && selected.length !== 1) return void message.warning(i18n.t('system.selectOne'));
        onRun(selected);
      }}
    >
      {children}
    </Button>
  );
}

/** Asks first (titled 提示), then calls, then says 操作成功!. */
export function confirmThen(content: string, call: () => Promise<unknown>, done?: () => void): void {
  Modal.confirm({
    title: i18n.t('common.deleteTitle'),
    content,
    okText: i18n.t('common.confirm'),
    cancelText: i18n.t('common.cancel'),
    onOk: async () => {
      await call();
      void message.success(i18n.t('common.operationSuccess'));
      done?.();
    },
  });
}
