/**
 * Mends for antd structures that axe-core finds wrong and that no prop reaches (antd 5.29, rc-table 7, rc-tabs 15,
 * rc-picker 4), applied to the page as antd draws them:
 *
 * - a table with a horizontal scroll draws a hidden measuring row (`aria-hidden`) holding a copy of each column
 *   title, the select-all check box among them, which Tab could still reach (axe `aria-hidden-focus`): the row
 *   becomes `inert`, out of the Tab order and of the accessibility tree alike;
 * - the tab bar's "more tabs" button sits inside the element with role `tablist`, where only tabs belong (axe
 *   `aria-required-children`, critical): the tablist role moves to the list that holds the tabs themselves;
 * - a tree takes keyboard focus on a hidden field that rc-tree names "for screen reader", in English whatever the
 *   language: the field is named instead by the tree's own `aria-label` (a page's tree: 行政区划, 部门, 小区楼栋,
 *   which rc-tree puts on its list), else by what holds the tree, its dialog's title and its tab (权限设置, 菜单权限).
 */
/*
 * - a select's list is virtual (rc-select 14): the options that tell a screen reader which one is selected are the
 *   hidden copies rc-select keeps in its own listbox (role `option`, `aria-selected`), while the drawn options carry
 *   `aria-selected` too but no role, which no element without one may (axe `aria-allowed-attr`, critical, whenever a
 *   list is open during a scan): the drawn options lose it; rc-select sets it again on a change of selection, which
 *   the watch sees;
 * - a date picker's header shows the year (or month, decade) on a button that rc-picker names "选择年份" / "Choose
 *   a year", so what is read is not what is seen (axe `label-content-name-mismatch`, WCAG 2.5.3): the button is
 *   named by what it shows, the year itself.
 */
const ROLELESS_OPTIONS = '.ant-select-item-option[aria-selected]:not([role])';
const MEASURE_ROWS = '.ant-table-measure-row:not([inert])';
const PICKER_VIEW_BUTTONS = '.ant-picker-header-view button[aria-label]';
const TAB_NAVS = '.ant-tabs-nav[role="tablist"]';
const TREE_FIELDS = '.ant-tree input[aria-label="for screen reader"]';

let treeNames = 0;

/**
 * The ids of what names a tree's place: the tree's own label (an id given to it, so a change of language carries
 * over), else its dialog's title, then its tab; none for an unlabelled tree outside a dialog or a tab.
 */
function treeNamers(field: Element): string[] {
  const own = field.closest('.ant-tree')?.querySelector(':scope > .ant-tree-list[aria-label]');
  if (own) {
    own.id ||= `tree-name-${++treeNames}`;
    return [own.id];
  }
  const title = field.closest('.ant-modal-content')?.querySelector('.ant-modal-title[id]')?.id;
  const tab = field.closest('[role="tabpanel"][aria-labelledby]')?.getAttribute('aria-labelledby');
  return [title, tab].filter((id): id is string => !!id);
}

function mend(root: ParentNode): void {
  root.querySelectorAll(MEASURE_ROWS).forEach((row) => row.setAttribute('inert', ''));
  root.querySelectorAll(ROLELESS_OPTIONS).forEach((option) => option.removeAttribute('aria-selected'));
  root.querySelectorAll(PICKER_VIEW_BUTTONS).forEach((button) => button.removeAttribute('aria-label'));
  root.querySelectorAll(TREE_FIELDS).forEach((field) => {
    const namers = treeNamers(field);
    if (namers.length === 0) return;
    field.removeAttribute('aria-label');
    field.setAttribute('aria-labelledby', namers.join(' '));
  });
  root.querySelectorAll(TAB_NAVS).forEach((nav) => {
    const list = nav.querySelector('.ant-tabs-nav-list');
    if (!list) return;
    list.setAttribute('role', 'tablist');
    const orientation = nav.getAttribute('aria-orientation');
    if (orientation) list.setAttribute('aria-orientation', orientation);
    nav.removeAttribute('role');
    nav.removeAttribute('aria-orientation');
  });
}

/**
 * Watches the page for as long as it lives; each batch of changes is looked at once, only where nodes arrived or
 * an option's `aria-selected` was set again.
 */
export function mendAntdStructures(): void {
  mend(document);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) mend(node.parentElement ?? node);
      const target = record.target;
      if (record.type === 'attributes' && target instanceof Element && target.matches(ROLELESS_OPTIONS)) {
        target.removeAttribute('aria-selected');
      }
    }
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-selected'] });
}
