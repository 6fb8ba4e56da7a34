/** Workflow words the shell needs before the workflow screens load (the leave pages' tab titles, spec §2.1). */
export const workflowZh = {
  leaveForm: '请假申请',
  leaveHandle: '请假审批',
  leaveDetail: '请假详情',
};
