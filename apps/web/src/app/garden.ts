import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { GardenRecord } from './answers';
import { request, type Envelope, type Page } from './http';
import { storage } from './storage';

/** A garden option of the header's selector (spec §3: gardenId, gardenName). */
export interface GardenOption {
  gardenId: string;
  gardenName: string;
}

export interface GardenState {
  /** The chosen garden's id; undefined when the user has no gardens. */
  gardenId?: string;
  /**
   * Whether the choice is known: the user may read no garden, their gardens have answered, or a choice is stored.
   * Before it, a screen scoped by the garden would list every garden's rows and then its own (scoped-screen.tsx).
   */
  settled: boolean;
  gardenName?: string;
  gardens: GardenOption[];
  choose(gardenId: string): void;
}

/** The header's garden list: the system-property garden list (spec §7.7), all of the user's gardens in one page. */
export const GARDEN_LIST = '/system-property/garden/list';

/**
 * The user's gardens. The list counts only when its code is 200 (spec §7);
 * a server that does not answer the call yet gives no gardens, quietly.
 */
export async function loadGardens(): Promise<GardenOption[]> {
  try {
    const answer = await request<Envelope<Page<GardenRecord>>>('GET', GARDEN_LIST, {
      params: { current: 1, size: 1000 },
      quietCodes: [400, 403, 404, 405, 500],
    });
    if (answer.code !== 200 || !answer.data) return [];
    return gardenOptions(answer.data.records);
  } catch {
    return [];
  }
}

/** Rows of the garden list → options (a garden without a name, which the contract allows, shows none). */
export function gardenOptions(rows: GardenRecord[]): GardenOption[] {
  return rows.map((r) => ({ gardenId: r.id, gardenName: r.gardenName ?? '' }));
}

/** The stored choice if it is still one of the gardens, else the first garden, else none. */
export function chosenGarden(gardens: GardenOption[], storedId: string | undefined): GardenOption | undefined {
  return gardens.find((g) => g.gardenId === storedId) ?? gardens[0];
}

export const GardenContext = createContext<GardenState>({ settled: true, gardens: [], choose: () => undefined });

/**
 * The garden chosen in the header. Screens scope their lists with it, e.g.
 * `<CrudPage entity={…} fixedQuery={gardenId ? { gardenId } : undefined} />`.
 */
export function useGarden(): GardenState {
  return useContext(GardenContext);
}

/**
 * The shell's side: loads the gardens, keeps gardenId and gardenName in storage. `allowed`: whether the user may
 * read gardens (null while their menus are on the way); a user who may not has no garden selector and no call.
 */
export function useGardenState(allowed: boolean | null): GardenState {
  const gardens = useQuery({ queryKey: ['gardens'], queryFn: loadGardens, staleTime: 5 * 60_000, enabled: allowed === true });
  const [storedId, setStoredId] = useState(() => storage.get<string>('gardenId'));
  const list = useMemo(() => (allowed === false ? [] : (gardens.data ?? [])), [allowed, gardens.data]);
  // Until the list answers, the stored choice stands, so a screen's first list call is already scoped.
  const chosen = useMemo(
    () =>
      allowed === false
        ? undefined
        : gardens.isSuccess
          ? chosenGarden(list, storedId)
          : storedId
            ? { gardenId: storedId, gardenName: storage.get<string>('gardenName') ?? '' }
            : undefined,
    [allowed, gardens.isSuccess, list, storedId],
  );
  useEffect(() => {
    if (!gardens.isSuccess) return;
    if (chosen) {
      storage.set('gardenId', chosen.gardenId);
      storage.set('gardenName', chosen.gardenName);
    } else {
      storage.remove('gardenId');
      storage.remove('gardenName');
    }
  }, [gardens.isSuccess, chosen]);
  const choose = useCallback((gardenId: string) => setStoredId(gardenId), []);
  const settled = allowed === false || (allowed === true && (gardens.isSuccess || !!storedId));
  return useMemo(
    () => ({ gardenId: chosen?.gardenId, gardenName: chosen?.gardenName, settled, gardens: list, choose }),
    [chosen, settled, list, choose],
  );
}
