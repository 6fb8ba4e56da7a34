import type { Resident } from '@property/domain';
import { api, type Page } from '../../app/http';
import type { Row } from '../../crud/columns';

/** A person living in a house, as owner/get-house-all-user answers (type 1 业主, 2 家属, 3 租户): the API contract's type. */
export type { Resident };

export interface HouseResidents {
  owners: Resident[];
  families: Resident[];
  lessees: Resident[];
}

/** Residents split by type; an unknown type goes nowhere rather than into the wrong list. */
export function groupResidents(rows: Resident[]): HouseResidents {
  const byType = (type: number) => rows.filter((r) => Number(r.type) === type);
  return { owners: byType(1), families: byType(2), lessees: byType(3) };
}

/** A plate as written: province, city letter, number ("粤B12345"). */
export const plateOf = (car: Row) => `${car.carArea ?? ''}${car.carCity ?? ''}${car.carNumber ?? ''}`;

/** Everything the house detail drawer shows; a part whose call fails is undefined (shown as not offered). */
export interface HouseDetail {
  house?: Row;
  residents?: HouseResidents;
  cars?: Row[];
  spaces?: Row[];
}

/** Calls that may not be offered by a server yet answer without an error toast. */
const quiet = { quietCodes: [403, 404, 405] };
const settled = async <T>(call: Promise<T>): Promise<T | undefined> => call.catch(() => undefined);

/**
 * A house with everyone and everything attached to it: its names
 * (system-property/building/detail), its residents (owner/get-house-all-user),
 * the cars parked at it and the parking spaces of its owners.
 */
export async function loadHouseDetail(houseId: string): Promise<HouseDetail> {
  const [house, residents, cars] = await Promise.all([
    settled(api.get<Row>('/system-property/building/detail', { houseId })),
    settled(api.get<Resident[]>('/owner/get-house-all-user', { houseId }, { ...quiet, noClientHeader: true })),
    settled(api.get<Page<Row>>('/citizen-user/carlist/list', { houseId, current: 1, size: 200 }, quiet)),
  ]);
  const groups = residents ? groupResidents(residents) : undefined;
  const ownerIds = [...new Set((groups?.owners ?? []).map((o) => o.id))];
  const spaceLists = await Promise.all(
    ownerIds.map((ownerId) => settled(api.get<Row[]>('/system-property/parkingspace/list-all', { ownerId }, quiet))),
  );
  const spaces = spaceLists.some((l) => l === undefined) ? undefined : spaceLists.flatMap((l) => l ?? []);
  return { house, residents: groups, cars: cars?.records, spaces };
}
