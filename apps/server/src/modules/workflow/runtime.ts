/**
 * The BPMN engine (bpmn-engine, on bpmn-elements) around one step of one
 * instance: start it, or recover it from its saved state and signal a user
 * task. Each step answers the state to save, the user tasks the instance now
 * waits in, and what happened (activities entered and left, flows taken) for
 * the history. Nothing is kept in memory between steps: the caller saves the
 * answer in the same transaction that locked the instance, so a restart or
 * another server instance carries on from the database.
 */
import { createRequire } from 'node:module';
import { Engine, type BpmnEngineOptions } from 'bpmn-engine';
import { EventEmitter } from 'node:events';
import { evaluate } from '@property/domain';
import { safeExpressions } from './expressions';

const require = createRequire(import.meta.url);
/** Camunda's attributes (assignee, candidateUsers, candidateGroups) as bpmn-js's modeler writes them. */
export const camundaModdle = require('camunda-bpmn-moddle/resources/camunda.json') as Record<string, unknown>;

/** No scripts at all: an uploaded process must not run code on the server. */
const noScripts = {
  register: () => undefined,
  getScript: () => undefined,
};

export interface WaitingTask {
  executionId: string;
  activityId: string;
  name: string;
  assignee: string | null;
  candidateUsers: string[];
  candidateGroups: string[];
}

export interface StepEvent {
  kind: 'enter' | 'leave' | 'flow';
  id: string;
  name: string;
  type: string;
}

/** A timer event the instance waits on, and when it is due (ISO). */
export interface WaitingTimer {
  id: string;
  due: string;
}

export interface StepResult {
  state: unknown;
  /** Timer events (escalations…) waiting: the job queue fires them when due (fireTimers). */
  timers: WaitingTimer[];
  waiting: WaitingTask[];
  ended: boolean;
  events: StepEvent[];
  variables: Record<string, unknown>;
}

interface ElementApi {
  id: string;
  type: string;
  name?: string;
  executionId?: string;
  content?: { id?: string; executionId?: string };
  owner?: { name?: string; behaviour?: Record<string, unknown> };
  signal?: (message?: unknown) => void;
}

type TimerOwner = { id?: string; expireAt?: Date | string };
type TimerRef = { owner: TimerOwner | null; cleared: boolean };

/**
 * The engine's clock for one step. No timer runs in memory between steps
 * (the next step may be on another instance, days later): a timer event
 * set during the step is only noted, with when it is due, for the database;
 * the job queue later runs a step that fires the due ones (`fire`).
 */
class StepTimers {
  private readonly refs = new Set<TimerRef>();
  /** The due timer events this step fires, each once: a cycle's next repetition, set as it fires, waits for its own time. */
  private readonly fire: Set<string>;
  constructor(fire: Iterable<string> = []) {
    this.fire = new Set(fire);
  }
  register(owner: TimerOwner) {
    return {
      setTimeout: (callback: (...a: unknown[]) => void, _delay: number, ...args: unknown[]) => this.set(owner, callback, args),
      clearTimeout: (ref: TimerRef) => this.clearTimeout(ref),
    };
  }
  setTimeout(callback: (...a: unknown[]) => void, _delay: number, ...args: unknown[]) {
    return this.set(null, callback, args);
  }
  clearTimeout(ref: TimerRef | undefined) {
    if (!ref) return;
    ref.cleared = true;
    this.refs.delete(ref);
  }
  get executing() {
    return [...this.refs];
  }
  /** The timer events still set after the step. */
  waiting(): WaitingTimer[] {
    return [...this.refs]
      .filter((r) => r.owner?.id)
      .map((r) => ({ id: r.owner!.id!, due: new Date(r.owner!.expireAt ?? Date.now()).toISOString() }));
  }
  private set(owner: TimerOwner | null, callback: (...a: unknown[]) => void, args: unknown[]): TimerRef {
    const ref: TimerRef = { owner, cleared: false };
    if (owner?.id && this.fire.delete(owner.id)) {
      setImmediate(() => {
        if (!ref.cleared) callback(...args);
      });
    } else this.refs.add(ref);
    return ref;
  }
}

function engineOptions(timers: StepTimers): BpmnEngineOptions {
  // bpmn-engine's types demand a Script from getScript; answering none is how a script is refused.
  return {
    name: 'process',
    moddleOptions: { camunda: camundaModdle },
    expressions: safeExpressions,
    scripts: noScripts as never,
    timers: timers as never,
  };
}

const list = (raw: unknown, variables: Record<string, unknown>): string[] => {
  if (typeof raw !== 'string' || !raw.trim()) return [];
  const resolved = evaluate(raw, variables);
  const text = Array.isArray(resolved) ? resolved.join(',') : String(resolved ?? '');
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
};

/** Records what the engine does during a step. */
function recorder(events: StepEvent[]): EventEmitter {
  const listener = new EventEmitter();
  const push = (kind: StepEvent['kind']) => (api: ElementApi) => {
    if (!api?.id) return;
    events.push({ kind, id: api.id, name: api.name ?? api.owner?.name ?? api.id, type: api.type });
  };
  listener.on('activity.enter', push('enter'));
  listener.on('activity.end', push('leave'));
  listener.on('flow.take', push('flow'));
  return listener;
}

/** Lets the engine finish what a signal set off (its broker delivers synchronously; this is a safety margin). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

type Environment = { variables: Record<string, unknown>; assignVariables(v: Record<string, unknown>): void };
type Execution = {
  getPostponed(): ElementApi[];
  environment: Environment;
  definitions: Array<{
    environment: Environment;
    getRunningProcesses(): Array<{ environment: Environment }>;
    getProcesses(): Array<{ environment: Environment }>;
  }>;
  signal(message: unknown): void;
};

async function outcome(
  engine: InstanceType<typeof Engine>,
  execution: Execution,
  events: StepEvent[],
  timers: StepTimers,
): Promise<StepResult> {
  await settle();
  await settle();
  if (engine.state === 'error') throw new Error('process error');
  // Conditions read the definition's environment (the execution's own is a copy made at start).
  const process = execution.definitions[0]?.getProcesses()[0];
  const variables = { ...(process?.environment.variables ?? execution.environment.variables) };
  const waiting = execution
    .getPostponed()
    .filter((api) => api.type === 'bpmn:UserTask')
    .map((api) => {
      const b = api.owner?.behaviour ?? {};
      const assignee = list(b.assignee, variables)[0] ?? null;
      return {
        executionId: api.executionId ?? api.content?.executionId ?? api.id,
        activityId: api.id,
        name: api.name ?? api.owner?.name ?? api.id,
        assignee,
        candidateUsers: list(b.candidateUsers, variables),
        candidateGroups: list(b.candidateGroups, variables),
      };
    });
  const ended = engine.state === 'idle' && execution.getPostponed().length === 0;
  const state = await engine.getState();
  return { state, waiting, ended, events, variables, timers: ended ? [] : timers.waiting() };
}

/** Starts a process from its BPMN with the start variables. */
export async function startInstance(xml: string, variables: Record<string, unknown>): Promise<StepResult> {
  const events: StepEvent[] = [];
  const timers = new StepTimers();
  const engine = new Engine({ ...engineOptions(timers), source: xml });
  const execution = (await engine.execute({ listener: recorder(events), variables })) as unknown as Execution;
  return outcome(engine, execution, events, timers);
}

/**
 * Recovers an instance from its saved state and completes one of its user
 * tasks, with variables set for the flows that follow (approved, comment…).
 */
export async function completeInstanceTask(
  state: unknown,
  activityId: string,
  variables: Record<string, unknown>,
): Promise<StepResult> {
  const events: StepEvent[] = [];
  const timers = new StepTimers();
  const engine = new Engine(engineOptions(timers)).recover(structuredClone(state) as never);
  const execution = (await engine.resume({ listener: recorder(events) })) as unknown as Execution;
  // Each running process reads its own environment (recovered from the state): the variables go there.
  for (const definition of execution.definitions) {
    definition.environment.assignVariables(variables);
    for (const process of definition.getRunningProcesses()) process.environment.assignVariables(variables);
  }
  execution.signal({ id: activityId });
  return outcome(engine, execution, events, timers);
}

/** Recovers an instance from its saved state and fires its timer events `timerIds` (due: see the flow timer job). */
export async function fireTimers(state: unknown, timerIds: string[]): Promise<StepResult> {
  const events: StepEvent[] = [];
  const timers = new StepTimers(timerIds);
  const engine = new Engine(engineOptions(timers)).recover(structuredClone(state) as never);
  const execution = (await engine.resume({ listener: recorder(events) })) as unknown as Execution;
  return outcome(engine, execution, events, timers);
}
