import { useEffect, useState } from 'react';

export type Option = { label: string; value: string | number };

/** Options loaded once when a dialog opens (dictionaries, pickers); empty until they arrive or when the call fails. */
export function useOptions(load: () => Promise<Option[]>): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    let live = true;
    load()
      .then((loaded) => live && setOptions(loaded))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Loaded once per dialog: the loader is a fresh closure each render, so it is not a dependency.
  }, []);
  return options;
}
