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
import { evaluate, safeExpressions } from './expressions';

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

export interface StepResult {
  state: unknown;
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

function engineOptions(): BpmnEngineOptions {
  // bpmn-engine's types demand a Script from getScript; answering none is how a script is refused.
  return {
    name: 'process',
    moddleOptions: { camunda: camundaModdle },
    expressions: safeExpressions,
    scripts: noScripts as never,
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

async function outcome(engine: InstanceType<typeof Engine>, execution: Execution, events: StepEvent[]): Promise<StepResult> {
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
  return { state, waiting, ended, events, variables };
}

/** Starts a process from its BPMN with the start variables. */
export async function startInstance(xml: string, variables: Record<string, unknown>): Promise<StepResult> {
  const events: StepEvent[] = [];
  const engine = new Engine({ ...engineOptions(), source: xml });
  const execution = (await engine.execute({ listener: recorder(events), variables })) as unknown as Execution;
  return outcome(engine, execution, events);
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
  const engine = new Engine(engineOptions()).recover(structuredClone(state) as never);
  const execution = (await engine.resume({ listener: recorder(events) })) as unknown as Execution;
  // Each running process reads its own environment (recovered from the state): the variables go there.
  for (const definition of execution.definitions) {
    definition.environment.assignVariables(variables);
    for (const process of definition.getRunningProcesses()) process.environment.assignVariables(variables);
  }
  execution.signal({ id: activityId });
  return outcome(engine, execution, events);
}
