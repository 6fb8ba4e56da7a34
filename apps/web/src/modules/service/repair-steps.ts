import { REPAIR_MOVES, REPAIR_STATUS, type RepairMove } from '@property/domain';
import type { Row } from '../../crud/columns';

export type Step = RepairMove | 'note' | 'rate';
const WORKER_STEPS: RepairMove[] = ['accept', 'reject', 'start', 'finish'];
const DONE = REPAIR_STATUS.done;
const CLOSED = REPAIR_STATUS.closed;

/**
 * The buttons of a repair's drawer: the steps its state allows (REPAIR_MOVES)
 * that the caller may take (the server decides the same way), then a note and
 * a rating where they fit.
 */
export function stepsFor(row: Row, buttons: Set<string>, userId: string): Step[] {
  const status = Number(row.status);
  const mine = String(row.workerId ?? '') === userId;
  const canEdit = buttons.has('repair_edit');
  const steps = (Object.keys(REPAIR_MOVES) as RepairMove[]).filter((step) => {
    if (!(REPAIR_MOVES[step].from as ReadonlyArray<number>).includes(status)) return false;
    if (step === 'send') return buttons.has('repair_send');
    if (step === 'close') return canEdit;
    return WORKER_STEPS.includes(step) && (mine || canEdit);
  });
  const extra: Step[] = [];
  if (status !== CLOSED && buttons.has('repair_add')) extra.push('note');
  if ((status === DONE || status === CLOSED) && row.finishTime && buttons.has('repair_add')) extra.push('rate');
  return [...steps, ...extra];
}
