import { EXAMINE_STATUS } from '@property/domain';
import { api } from '../../app/http';

const EXAMINE = '/system-property/mobile/owner/examine';

/** Approves an application: the server makes (or updates) the owner and binds the house. */
export const approveExamination = (id: string) => api.post(EXAMINE, { id, status: EXAMINE_STATUS.approved });

/** Rejects an application with its reason (required, as the server requires it). */
export const rejectExamination = (id: string, reason: string) =>
  api.post(EXAMINE, { id, status: EXAMINE_STATUS.rejected, reason: reason.trim() });

/** Only a pending application can be reviewed; a reviewed one stays as it was reviewed. */
export const isPending = (status: unknown) => Number(status) === EXAMINE_STATUS.pending;

/** The attachments of an application as links: [{ name, link }] (or bare links), anything else dropped. */
export function attachmentLinks(raw: unknown): Array<{ name: string; link: string }> {
  const list = typeof raw === 'string' ? safeParse(raw) : raw;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown, i) => {
    if (typeof item === 'string') return [{ name: `#${i + 1}`, link: item }];
    if (item && typeof item === 'object' && typeof (item as { link?: unknown }).link === 'string') {
      const { name, link } = item as { name?: unknown; link: string };
      return [{ name: typeof name === 'string' && name ? name : `#${i + 1}`, link }];
    }
    return [];
  });
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
