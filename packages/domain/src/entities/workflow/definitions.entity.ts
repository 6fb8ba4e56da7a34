import { datetime, entity, int, json, long, text } from '../../define';

/**
 * Workflow (spec §7.9 /blade-flow, issue 17). Processes run on bpmn-engine;
 * these tables hold everything a restart or a second instance needs: the
 * models people draw, the definitions deployed from them (BPMN XML, versioned
 * by process key), each running instance's engine state after every step, its
 * tasks and the history of the activities it passed.
 */

/** A model as drawn in the modeler (model/submit, list, detail, remove); deploying it makes a definition. */
export const flowModelEntity = entity({
  name: 'flowModel',
  table: 'blade_flow_model',
  base: '/blade-flow/model',
  owner: 'tenant',
  permission: 'model',
  routes: ['list', 'detail', 'submit', 'remove'],
  fields: {
    modelKey: text({ required: 'flowModelKeyRequired', maxLength: 64, search: 'like' }),
    name: text({ required: 'flowModelNameRequired', maxLength: 100, search: 'like' }),
    description: text({ maxLength: 500 }),
    xml: text({ required: 'flowXmlRequired' }),
    version: int({ readOnly: true, default: 0 }),
  },
  unique: [{ fields: ['modelKey'], message: 'flowModelKeyTaken' }],
  sort: { descs: ['updateTime'] },
});

/**
 * A deployed process definition: one version of a process key. Its id is the
 * spec's processDefinitionId and its deployment's id; status 1 active, 2 suspended.
 */
export const flowDefinitionEntity = entity({
  name: 'flowDefinition',
  table: 'blade_flow_definition',
  base: '/blade-flow/manager',
  owner: 'tenant',
  permission: 'deploy',
  routes: [],
  fields: {
    processKey: text({ maxLength: 64 }),
    name: text({ maxLength: 100 }),
    version: int(),
    category: text({ maxLength: 64, dict: 'flow' }),
    resourceName: text({ maxLength: 255 }),
    xml: text(),
    modelId: long(),
  },
  indexes: [['processKey', 'version']],
});

/** A process instance; `state` is the engine's own state after its last step. Status 1 running, 2 ended, 3 deleted. */
export const flowInstanceEntity = entity({
  name: 'flowInstance',
  table: 'blade_flow_instance',
  base: '/blade-flow/follow',
  owner: 'tenant',
  permission: 'follow',
  routes: [],
  fields: {
    definitionId: long(),
    processKey: text({ maxLength: 64 }),
    businessTable: text({ maxLength: 64 }),
    businessId: long(),
    startUser: long(),
    state: json(),
    variables: json(),
    endTime: datetime(),
    deleteReason: text({ maxLength: 500 }),
    /** Timer events waiting ([{ id, due }]) and the earliest due time, which the flow timer job looks for. */
    timers: json(),
    timerDue: datetime(),
  },
  indexes: [['startUser'], ['definitionId'], ['timerDue']],
});

/**
 * A user task of an instance. Open (status 1) until its assignee completes it
 * (2) or its instance is deleted (3). Candidates decide who may claim it:
 * user ids or accounts, and groups (role aliases or ids, department ids).
 */
export const flowTaskEntity = entity({
  name: 'flowTask',
  table: 'blade_flow_task',
  base: '/blade-flow/work',
  owner: 'tenant',
  permission: 'work',
  routes: [],
  fields: {
    instanceId: long(),
    definitionId: long(),
    taskDefinitionKey: text({ maxLength: 64 }),
    taskName: text({ maxLength: 100 }),
    executionId: text({ maxLength: 100 }),
    assignee: long(),
    candidateUsers: text({ maxLength: 500 }),
    candidateGroups: text({ maxLength: 500 }),
    claimTime: datetime(),
    endTime: datetime(),
    comment: text({ maxLength: 500 }),
    isPass: int(),
  },
  indexes: [['instanceId'], ['assignee']],
});

/** One activity an instance passed or waits in (history-flow-list, the diagram's highlighted nodes). */
export const flowActivityEntity = entity({
  name: 'flowActivity',
  table: 'blade_flow_activity',
  base: '/blade-flow/process',
  owner: 'tenant',
  permission: 'follow',
  routes: [],
  fields: {
    instanceId: long(),
    activityId: text({ maxLength: 64 }),
    activityName: text({ maxLength: 100 }),
    activityType: text({ maxLength: 64 }),
    taskId: long(),
    assignee: long(),
    startTime: datetime(),
    endTime: datetime(),
    comment: text({ maxLength: 500 }),
  },
  indexes: [['instanceId']],
});

/** A leave request, the business row of the leave process (/blade-desk/process/leave). */
export const leaveEntity = entity({
  name: 'leave',
  table: 'blade_process_leave',
  base: '/blade-desk/process/leave',
  owner: 'tenant',
  permission: 'leave',
  routes: [],
  fields: {
    processDefinitionId: long({ required: 'flowDefinitionRequired' }),
    processInstanceId: long({ readOnly: true }),
    startTime: datetime({ required: 'leaveStartRequired' }),
    endTime: datetime({ required: 'leaveEndRequired' }),
    days: int({ readOnly: true }),
    reason: text({ required: 'leaveReasonRequired', maxLength: 500 }),
    taskUser: long({ options: { from: '/blade-system/user/page', label: 'realName' } }),
    applyTime: datetime({ readOnly: true }),
  },
});
