/**
 * A dialog holds focus from its first frame. rc-dialog moves focus into a dialog only when its opening
 * animation ends (0.3 s), and keeps Tab inside only for keys pressed inside it: a Tab pressed in between went
 * from the opener to the page behind the dialog. So as soon as a dialog shows while focus is still outside every
 * dialog, focus goes where rc-dialog would put it, the dialog's first guard (`.ant-modal > [tabindex="0"]`), and
 * rc-dialog's own Tab handling keeps it inside from then on. Each dialog is entered once per opening, so a popup
 * drawn outside it (a picker's panel) is never pulled from.
 */
const WRAPS = '.ant-modal-wrap';

/** Dialogs seen shown since they last were hidden. */
const entered = new WeakSet<Element>();

function enterNewDialogs(): void {
  const shown = [...document.querySelectorAll<HTMLElement>(WRAPS)].filter((wrap) => {
    const dialog = wrap.querySelector('.ant-modal');
    if (!dialog) return false;
    if (wrap.checkVisibility()) return true;
    entered.delete(dialog);
    return false;
  });
  const fresh = shown.map((wrap) => wrap.querySelector('.ant-modal')!).filter((dialog) => !entered.has(dialog));
  if (fresh.length === 0) return;
  fresh.forEach((dialog) => entered.add(dialog));
  if (document.activeElement?.closest(WRAPS)) return;
  fresh[fresh.length - 1]!.querySelector<HTMLElement>(':scope > [tabindex="0"]')?.focus({ preventScroll: true });
}

/** Watches the page for dialogs appearing (added, or shown again after being hidden). */
export function startDialogFocus(): void {
  new MutationObserver(enterNewDialogs).observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['style', 'class'],
  });
}
