/**
 * Focus returns to what opened a dialog when it closes (WCAG 2.4.3), for every dialog and drawer of the console
 * at once: antd's own return works only for a dialog that stays mounted, and most of ours unmount as they close
 * (after a save, on Esc, the role grant dialog), which left focus on the page's body.
 *
 * How: the control last focused on the page itself (outside dialogs and popups: a row's 更多 button rather than
 * the menu entry it opened) is remembered; when focus is lost (on <body>) after being in a dialog, it goes back
 * there, or, when that control is gone (a deleted row) or hidden, to the same control of the same row (the list
 * was drawn again after a save), else to the list's toolbar, else to the page. When a dialog is still open (a
 * confirmation over a form closed), focus goes back into it instead.
 */
import { isShown, tabbables } from './tabbable';

const DIALOGS = '.ant-modal-wrap, .ant-drawer';
const POPUPS = '.ant-dropdown, .ant-popover, .ant-select-dropdown, .ant-picker-dropdown, .ant-color-picker, .ant-tooltip';
/** How long after a return the same row's control is still looked for, should the list draw it again. */
const RELOAD_GRACE_MS = 3000;

interface Opener {
  element: HTMLElement;
  /** The table row it was in (data-row-key) and its name, to find it again once the row is drawn anew. */
  rowKey?: string;
  name?: string;
}

let onPage: Opener | undefined;
let inDialog: HTMLElement | undefined;
let wasInDialog = false;
let returnedUntil = 0;

const nameOf = (el: HTMLElement) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
const visible = isShown;
const openDialogs = () => [...document.querySelectorAll<HTMLElement>(DIALOGS)].filter((d) => d.checkVisibility());
const focusable = (root: ParentNode): HTMLElement | undefined => tabbables(root)[0];

/** Where focus goes back to on the page: the opener, the same control of its row, the toolbar, the page. */
function pageTarget(): HTMLElement | undefined {
  if (!onPage) return undefined;
  if (visible(onPage.element)) return onPage.element;
  if (onPage.rowKey) {
    const row = document.querySelector(`tr[data-row-key="${CSS.escape(onPage.rowKey)}"]`);
    const same = row && [...row.querySelectorAll<HTMLElement>('button, a')].find((el) => nameOf(el) === onPage?.name);
    if (visible(same)) return same;
  }
  // Another page altogether (the lock page, sign-in): its own first focus stands.
  const main = document.getElementById('main-content');
  if (!main) return undefined;
  const toolbar = main.querySelector('.ant-pro-table-list-toolbar');
  return (toolbar && focusable(toolbar)) ?? main;
}

/** Focus is on nothing, or on something no longer there or no longer shown (a dialog hidden as it closed). */
function lost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || !active.checkVisibility();
}

/** Looks whether focus was lost from a dialog (or lost again as a list redrew) and puts it back. */
export function returnFocusIfLost(): void {
  if (!lost() || (!wasInDialog && Date.now() > returnedUntil)) return;
  const dialogs = openDialogs();
  if (dialogs.length > 0) {
    // The control focused in a dialog is still shown: that dialog is still open (a click on its text).
    if (!wasInDialog || visible(inDialog)) return;
    // Its dialog closed over another one (a confirmation over a form): focus goes back into that one.
    focusable(dialogs[dialogs.length - 1]!)?.focus();
    return;
  }
  const target = pageTarget();
  if (!target) return;
  target.focus();
  wasInDialog = false;
  returnedUntil = Date.now() + RELOAD_GRACE_MS;
}

function onFocusIn(event: FocusEvent): void {
  const el = event.target;
  if (!(el instanceof HTMLElement)) return;
  if (el.closest(DIALOGS)) {
    inDialog = el;
    wasInDialog = true;
  } else if (!el.closest(POPUPS) && el !== document.body && el.id !== 'main-content') {
    onPage = { element: el, rowKey: el.closest('tr[data-row-key]')?.getAttribute('data-row-key') ?? undefined, name: nameOf(el) };
    // Back from a dialog (antd's own return, for a dialog that stays mounted): the list may still redraw.
    returnedUntil = wasInDialog ? Date.now() + RELOAD_GRACE_MS : 0;
    wasInDialog = false;
  }
}

/** Starts watching: focus moves, and the page's changes (a dialog removed or hidden, a list redrawn). */
export function startFocusReturn(): void {
  document.addEventListener('focusin', onFocusIn, true);
  // Focus leaving for nowhere (the focused element was hidden): look once the page has settled.
  document.addEventListener('focusout', (event) => {
    if (!event.relatedTarget) setTimeout(returnFocusIfLost, 0);
  });
  new MutationObserver(returnFocusIfLost).observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['style', 'class'],
  });
}
