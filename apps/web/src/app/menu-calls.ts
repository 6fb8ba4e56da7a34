/** The menus' calls (spec §7.1), named once: the signed-in start sends them before the menus module has loaded. */
export const MENU_ROUTES = '/blade-system/menu/routes';
export const MENU_BUTTONS = '/blade-system/menu/buttons';
