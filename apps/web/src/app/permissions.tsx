import { createContext, useContext } from 'react';

/** The signed-in user's button codes (menu/buttons), as a set of flags. */
export const ButtonsContext = createContext<Set<string>>(new Set());

export function useButtons(): Set<string> {
  return useContext(ButtonsContext);
}
