import type { workflowZh } from './workflow-zh';

/** Workflow words the shell needs before the workflow screens load (the leave pages' tab titles). */
export const workflowEn: Record<keyof typeof workflowZh, string> = {
  leaveForm: 'Leave request',
  leaveHandle: 'Leave approval',
  leaveDetail: 'Leave request detail',
};
