import { useRef, type KeyboardEvent } from 'react';
import { tabbables, tabStopAfter } from './tabbable';

/**
 * Tab order for a popup that antd draws at the end of the page (a popover, a dropdown of buttons), which Tab
 * from its button would otherwise pass by: while it is open, Tab from the button enters it, Shift+Tab from its
 * first stop comes back to the button, Tab from its last goes on to the page's next stop after the button
 * (closing it), and Esc closes it with focus on the button. `trigger` goes on the button, `panel` on the popup's
 * content, with their key handlers.
 */
export function usePopupKeys(open: boolean, setOpen: (open: boolean) => void) {
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const stops = () => (panel.current ? tabbables(panel.current) : []);

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    const first = stops()[0];
    if (open && event.key === 'Tab' && !event.shiftKey && first) {
      event.preventDefault();
      first.focus();
    }
  };
  const onPanelKeyDown = (event: KeyboardEvent) => {
    const inside = stops();
    const leaveTo = (target: HTMLElement | null | undefined) => {
      event.preventDefault();
      setOpen(false);
      target?.focus();
    };
    if (event.key === 'Escape') leaveTo(trigger.current);
    else if (event.key === 'Tab' && event.shiftKey && document.activeElement === inside[0]) {
      event.preventDefault();
      trigger.current?.focus();
    } else if (event.key === 'Tab' && !event.shiftKey && document.activeElement === inside[inside.length - 1] && trigger.current)
      leaveTo(tabStopAfter(trigger.current, panel.current?.parentElement));
  };
  return { trigger, panel, onTriggerKeyDown, onPanelKeyDown };
}
