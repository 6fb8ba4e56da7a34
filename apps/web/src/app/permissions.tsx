import { createContext, useContext } from 'react';

/** The signed-in user's button codes (menu/buttons), as a set of flags. */
export const ButtonsContext = createContext<Set<string>>(new Set());

export function useButtons(): Set<string> {
  return useContext(ButtonsContext);
}

/**
 * What the user may read, as the server decides it: a resource is readable with its menu (any top menu's)
 * or its `<code>_view` button. null until menus and buttons have arrived.
 */
export type Readable = ((code: string) => boolean) | null;

export const ReadableContext = createContext<Readable>(null);

/** Whether the user may read the resource with this permission code; null while that is not known yet. */
export function useCanRead(code: string): boolean | null {
  const readable = useContext(ReadableContext);
  return readable ? readable(code) : null;
}

/** The read check from the user's whole menu tree (codes) and button codes. */
export function readableFrom(menuCodes: ReadonlySet<string>, buttons: ReadonlySet<string>): (code: string) => boolean {
  return (code) => menuCodes.has(code) || buttons.has(`${code}_view`);
}
