import { FINISHED_JOB_STATES, jobRunEntity, type JobRunView, type JobState } from '@property/domain';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../app/http';
import i18n, { useTranslation } from '../app/i18n';
import { dictionaryLabels } from '../crud/dictionaries';

/**
 * The calls of the job queue's runs (platform/jobs on the server): one run for
 * progress polling, and cancelling one. A screen that starts long work (bill
 * generation, a reminder batch) gets a run id from its own call and hands it
 * to JobRunDialog.
 */
export type JobRun = JobRunView;

export const fetchRun = (id: string) => api.get<JobRun | null>(`${jobRunEntity.base}/detail`, { id });

export const cancelRun = (id: string) => api.post<JobRun>(`${jobRunEntity.base}/cancel`, undefined, { id });

export const isFinished = (state: unknown): boolean => FINISHED_JOB_STATES.includes(state as JobState);

/** A run may be cancelled while it waits or runs. */
export const isCancellable = (run: Pick<JobRun, 'state' | 'cancelRequested'>): boolean =>
  (run.state === 'queued' || run.state === 'running') && Number(run.cancelRequested) !== 1;

/** The name of a kind of job (messages jobs.kinds.<kind>, which its module adds), or the kind itself. */
export function kindName(kind: string | null | undefined): string {
  if (!kind) return '';
  const key = `jobs.kinds.${kind}`;
  // A key without a message comes back as itself.
  const name = i18n.t(key);
  return name === key ? kind : name;
}

/** Whole percent done; 0 until the handler announces a total. */
export function percentOf(run: Pick<JobRun, 'progressDone' | 'progressTotal' | 'state'>): number {
  if (run.state === 'done') return 100;
  const total = Number(run.progressTotal ?? 0);
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((Number(run.progressDone ?? 0) * 100) / total));
}

/**
 * The name of a run's state in the console's language (dictionary job_state, loaded once per language), the
 * state itself until the names arrive: how the runs list and the progress dialog both show a state.
 */
export function useStateName(): (state: string | null | undefined) => string {
  const { i18n: lang } = useTranslation();
  const locale = lang.language;
  const [names, setNames] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    let live = true;
    void dictionaryLabels('job_state', locale).then(
      (items) => live && setNames(new Map(items.map((i) => [i.dictKey, i.dictValue]))),
    );
    return () => {
      live = false;
    };
  }, [locale]);
  return useCallback((state) => (state ? (names.get(state) ?? state) : ''), [names]);
}
