import { createContext } from 'react';
import type { MenuNode } from '../menus';

/** The signed-in user's menu tree, loaded once by the shell; null while loading. */
export const MenusContext = createContext<MenuNode[] | null>(null);
