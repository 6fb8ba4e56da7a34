import type { Dayjs } from 'dayjs';

/** The generation dialog's values. */
export interface GenerationForm {
  gardenId: string;
  buildingId?: string;
  /** One unit of the building (its houses only). */
  unitId?: string;
  itemIds?: string[];
  period: Dayjs;
}

/** The generate and generate-preview calls' parameters: unset ones left out, the month as yyyy-MM. */
export function generationParams(form: GenerationForm): Record<string, string> {
  const params: Record<string, string> = { gardenId: form.gardenId, period: form.period.format('YYYY-MM') };
  if (form.buildingId) params.buildingId = form.buildingId;
  // A unit is only ever chosen under its building (the dialog clears it when the building changes).
  if (form.buildingId && form.unitId) params.unitId = form.unitId;
  if (form.itemIds?.length) params.itemIds = form.itemIds.join(',');
  return params;
}

/** Whether two choices generate the same bills (the preview shown is still the one for what is chosen). */
export function sameScope(a: Partial<GenerationForm>, b: Partial<GenerationForm>): boolean {
  if (!a.gardenId || !b.gardenId || !a.period || !b.period) return false;
  const key = (f: Partial<GenerationForm>) =>
    JSON.stringify(generationParams({ ...f, itemIds: [...(f.itemIds ?? [])].sort() } as GenerationForm));
  return key(a) === key(b);
}
