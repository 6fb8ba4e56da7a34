import { Button } from 'antd';
import { forwardRef, type ComponentProps, type ReactNode } from 'react';

/**
 * One of the header's tools: a real button (in the Tab order, Enter and Space press it) named by `label` in the
 * app's language, since it shows only an icon. antd's Dropdown, Popover and ColorPicker wrap it as their trigger.
 */
export const HeaderTool = forwardRef<HTMLButtonElement, { label: string; children: ReactNode } & ComponentProps<typeof Button>>(
  function HeaderTool({ label, children, className, ...rest }, ref) {
    return (
      <Button ref={ref} type="text" aria-label={label} className={`header-tool${className ? ` ${className}` : ''}`} {...rest}>
        {children}
      </Button>
    );
  },
);
