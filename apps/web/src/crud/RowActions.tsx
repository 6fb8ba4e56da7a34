import { EllipsisOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space } from 'antd';
import { Children, cloneElement, Fragment, isValidElement, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from '../app/i18n';
import { usePopupKeys } from '../app/popup-keys';

/** The buttons of a row's actions, one by one: fragments opened, nothing left for false or null. */
function buttonsOf(actions: ReactNode): ReactElement[] {
  return Children.toArray(actions).flatMap((node) =>
    isValidElement<{ children?: ReactNode }>(node) && node.type === Fragment
      ? buttonsOf(node.props.children)
      : isValidElement(node)
        ? [node]
        : [],
  );
}

/** Up to this many actions show in the row; with more, the first two and 更多. */
const INLINE = 3;

/**
 * A row's actions. On a wide screen they are links in the row, the rest behind 更多 when there are more than
 * three, so the column stays narrow; on a phone they all sit behind one ⋯ button, so the data keeps the width.
 * `overflow`: actions that always sit behind 更多 (变更历史), after the others.
 */
export function RowActions({ actions, overflow, phone }: { actions: ReactNode; overflow?: ReactNode; phone: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The menu lies at the end of the page: Tab from 更多 enters it, Esc comes back (popup-keys.ts).
  const { trigger, panel, onTriggerKeyDown, onPanelKeyDown } = usePopupKeys(open, setOpen);
  const buttons = buttonsOf(actions).map((button, index) => cloneElement(button, { key: index }));
  const behind = buttonsOf(overflow).map((button, index) => cloneElement(button, { key: `overflow-${index}` }));
  if (!phone && buttons.length <= INLINE && behind.length === 0) return <Space size={0}>{buttons}</Space>;
  const fits = buttons.length <= INLINE;
  const inline = phone ? [] : fits ? buttons : buttons.slice(0, INLINE - 1);
  const menu = [...(phone ? buttons : fits ? [] : buttons.slice(INLINE - 1)), ...behind];
  return (
    <Space size={0}>
      {inline}
      <Dropdown
        open={open}
        onOpenChange={setOpen}
        trigger={['click']}
        placement="bottomRight"
        // A click on one of the actions (which may open a dialog or a confirmation) closes the menu.
        popupRender={() => (
          <div ref={panel} className="row-actions-menu" onClick={() => setOpen(false)} onKeyDown={onPanelKeyDown}>
            {menu}
          </div>
        )}
      >
        <Button
          ref={trigger}
          type="link"
          size="small"
          aria-label={phone ? t('common.actions') : undefined}
          aria-expanded={open}
          onKeyDown={onTriggerKeyDown}
        >
          {phone ? <EllipsisOutlined /> : t('common.more')}
        </Button>
      </Dropdown>
    </Space>
  );
}
