/** What Tab stops on inside `root`, in document order: shown, enabled and not taken out of the Tab order. */
const TABBABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

export const isShown = (el: Element | null | undefined): el is HTMLElement =>
  el instanceof HTMLElement && el.isConnected && el.checkVisibility() && !el.closest('[inert], [aria-hidden="true"]');

export const tabbables = (root: ParentNode): HTMLElement[] =>
  [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => isShown(el) && !(el as HTMLButtonElement).disabled && el.tabIndex >= 0,
  );

/** The page's next Tab stop after `el` (outside `skip`, a popup of it), or nothing at the end of the page. */
export function tabStopAfter(el: HTMLElement, skip?: Element | null): HTMLElement | undefined {
  return tabbables(document).find(
    (other) =>
      !skip?.contains(other) && !!(el.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING) && !el.contains(other),
  );
}
