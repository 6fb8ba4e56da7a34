/**
 * What the workflow calls answer (spec §7.9, api-contract "Workflow items"):
 * task and process rows, history rows, a diagram with its highlighted nodes.
 */
import { recordOf } from '../../contract/records';
import { Extend, Nullable, NullableText, Obj, shared, Type } from '../../contract/schema';
import { flowDefinitionEntity, leaveEntity } from './definitions.entity';

const text = (description: string) => NullableText(description);

/** A task or process row of the work and follow lists, with the fields the contract names. */
export const FlowItem = shared(
  'FlowItem',
  Obj(
    {
      taskId: text('the task (null in process rows)'),
      taskName: text('the task’s name'),
      taskDefinitionKey: text('the user task’s id in the BPMN'),
      assignee: text('the user the task is assigned to'),
      assigneeName: text('their name'),
      category: text('the process category (flow dictionary key)'),
      categoryName: text('the category’s name'),
      createTime: text('when the task (or the process) began'),
      endTime: text('when it ended'),
      claimTime: text('when it was claimed'),
      executionId: text('the engine’s execution of the task'),
      processInstanceId: text('the process instance (null in definition rows)'),
      processDefinitionId: Type.String(),
      processDefinitionKey: Type.String(),
      processDefinitionName: Type.String(),
      processDefinitionVersion: Type.Integer(),
      historyActivityId: text('the activity the process waits in'),
      historyActivityName: text('its name'),
      historyActivityDurationTime: text('how long the task took (or has taken)'),
      businessTable: text('the table of the business row'),
      businessId: text('the business row'),
      status: Type.String({ description: 'todo, finished or deleted' }),
      comment: text('the comment given on completion'),
      isPass: Nullable(Type.Boolean()),
      flag: text('the route key of the process (flow dictionary remark), e.g. leave'),
      startUser: text('who started the process'),
      startUserName: text('their name'),
      deleteReason: text('why the process was deleted'),
      variables: Type.Record(Type.String(), Type.Unknown()),
    },
    'A task or process instance as the work and follow lists show it',
  ),
);

/** A process definition as the manager list shows it (its id is also its deployment’s). */
export const FlowDefinitionRow = Extend(recordOf(flowDefinitionEntity), {
  deploymentId: Type.String(),
  suspended: Type.Boolean(),
});

/** One line of history-flow-list: who did what, when, how long, with what comment. */
export const FlowHistoryItem = shared(
  'FlowHistoryItem',
  Obj(
    {
      historyActivityId: Type.String(),
      historyActivityName: Type.String(),
      historyActivityType: Type.String(),
      assignee: text('who did it (user tasks)'),
      assigneeName: text('their name'),
      createTime: Type.String(),
      endTime: text('null while it is current'),
      historyActivityDurationTime: text('how long, in seconds (null while current)'),
      comment: text('the comment given'),
      isPass: Nullable(Type.Boolean()),
    },
    'An activity an instance passed or waits in',
  ),
);

/** process/model-view: the BPMN of an instance's (or a definition's) process, and the nodes to highlight. */
export const FlowModelView = Obj({
  xml: Type.String({ description: 'BPMN 2.0 XML' }),
  completed: Type.Array(Type.String(), { description: 'ids of activities and flows passed' }),
  current: Type.Array(Type.String(), { description: 'ids of activities the instance waits in' }),
});

/** A leave request with its process state, for the detail and handle routes. */
export const LeaveDetail = Extend(recordOf(leaveEntity), {
  applicantName: Type.String(),
  finished: Type.Boolean(),
  approved: Nullable(Type.Boolean()),
});
