import { readsAsReference, type EntityDef } from '@property/domain';
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

/** The shell's latest read check, for code outside React (a reference field's choices call). */
let latest: Readable = null;

/** Called by the shell as it renders, before any screen below it asks for choices. */
export function rememberReadable(readable: Readable): void {
  latest = readable;
}

/**
 * Whether the user may read `entity`'s list, as its own screen or as a reference (the garden list
 * for any garden-bound screen): a list they may not is never asked, so no refused call. True while
 * not known yet (the server still decides).
 */
export function mayReadList(entity: EntityDef | undefined): boolean {
  return !entity || !latest || readsAsReference(entity, latest);
}
