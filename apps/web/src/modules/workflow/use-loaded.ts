import { useEffect, useState } from 'react';

/**
 * What `load` answers, loaded when the component mounts and again when `key` changes: undefined while
 * it loads, null when the call failed (its message has shown).
 */
export function useLoaded<T>(load: () => Promise<T>, key: string): T | null | undefined {
  const [value, setValue] = useState<T | null>();
  useEffect(() => {
    let live = true;
    setValue(undefined);
    load()
      .then((loaded) => live && setValue(loaded))
      .catch(() => live && setValue(null));
    return () => {
      live = false;
    };
    // The loader is a fresh closure each render: `key` says what it loads.
  }, [key]);
  return value;
}
