import { Dropdown, type MenuProps } from 'antd';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { HeaderTool } from './HeaderTool';

/**
 * A header tool that opens a menu: on hover for the pointer, as before, and on Enter or Space for the keyboard,
 * which then moves focus into the menu (arrows move, Enter picks, Esc returns to the tool). Focus moves only when
 * the keyboard opened it, so a menu that opened under the pointer does not take focus away.
 */
export function HeaderToolMenu({
  label,
  menu,
  children,
  className,
  initiallyOpen,
}: {
  label: string;
  menu: MenuProps;
  children: ReactNode;
  className?: string;
  /** Open as it mounts: 'pointer' (it loaded under the pointer) or 'keyboard' (focus goes into the menu). */
  initiallyOpen?: 'pointer' | 'keyboard';
}) {
  const [open, setOpen] = useState(!!initiallyOpen);
  const [byKeyboard, setByKeyboard] = useState(initiallyOpen === 'keyboard');
  return (
    <Dropdown
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setByKeyboard(false);
      }}
      autoFocus={byKeyboard}
      menu={{
        ...menu,
        onClick: (info) => {
          setOpen(false);
          menu.onClick?.(info);
        },
      }}
    >
      <HeaderTool
        label={label}
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        // A click the keyboard made (Enter, Space) has no pointer position: detail is 0.
        onClick={(event: MouseEvent) => {
          setByKeyboard(event.detail === 0);
          setOpen(true);
        }}
      >
        {children}
      </HeaderTool>
    </Dropdown>
  );
}
