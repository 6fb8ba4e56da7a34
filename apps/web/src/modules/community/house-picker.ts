import { api } from '../../app/http';
import type { Row } from '../../crud/columns';
import type { Option } from './use-options';

/** Picker levels below a garden: its buildings, a building's units (resource-search), a unit's houses (unithouse/search). */
export async function buildingOptions(gardenId: string): Promise<Option[]> {
  const rows = await api.get<Row[]>('/community-resource/resource-search/search', { type: 'building', gardenId });
  return rows.map((r) => ({ value: String(r.id), label: String(r.buildingName) }));
}

export async function unitOptions(buildingId: string): Promise<Option[]> {
  const rows = await api.get<Row[]>('/community-resource/resource-search/search', { type: 'unit', buildingId });
  return rows.map((r) => ({ value: String(r.id), label: String(r.unitName) }));
}

export async function houseOptions(unitId: string): Promise<Option[]> {
  const rows = await api.get<Row[]>('/community-resource/unithouse/search', { UnitId: unitId }, { noClientHeader: true });
  return rows.map((r) => ({ value: String(r.id), label: String(r.name) }));
}

/** The houses an owner is bound to (search-house), as options by their full names. */
export async function ownerHouseOptions(ownerId: string): Promise<Option[]> {
  const rows = await api.get<Row[]>('/community-resource/resource-search/search-house', { ownerId }, { noClientHeader: true });
  return rows.map((r) => ({ value: String(r.id), label: String(r.houseName ?? r.title) }));
}
