/**
 * The leave process (请假流程) every tenant gets: the employee's manager
 * approves (the approver chosen in the form, or any user with the manager
 * role who claims it); a rejection ends it; a leave of more than 3 days also
 * needs the boss. The `flow` dictionary maps its key, `leave`, to the routes
 * /work/process/leave/… Drawn with its diagram so the viewer can show it.
 */
export const LEAVE_PROCESS_KEY = 'leave';

export const LEAVE_PROCESS_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="leaveDefinitions" targetNamespace="http://property.console/flow">
  <bpmn:process id="leave" name="请假流程" isExecutable="true">
    <bpmn:startEvent id="start" name="开始" />
    <bpmn:sequenceFlow id="toManager" sourceRef="start" targetRef="managerApproval" />
    <bpmn:userTask id="managerApproval" name="经理审批" camunda:assignee="\${taskUser}" camunda:candidateGroups="manager" />
    <bpmn:sequenceFlow id="toResult" sourceRef="managerApproval" targetRef="managerResult" />
    <bpmn:exclusiveGateway id="managerResult" name="审批结果" default="approvedFlow" />
    <bpmn:sequenceFlow id="rejectedFlow" name="驳回" sourceRef="managerResult" targetRef="rejected">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${!approved}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="approvedFlow" name="同意" sourceRef="managerResult" targetRef="daysGateway" />
    <bpmn:exclusiveGateway id="daysGateway" name="请假天数" default="shortLeave" />
    <bpmn:sequenceFlow id="longLeave" name="大于3天" sourceRef="daysGateway" targetRef="bossApproval">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${days &gt; 3}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="shortLeave" name="不超过3天" sourceRef="daysGateway" targetRef="end" />
    <bpmn:userTask id="bossApproval" name="老板审批" camunda:candidateGroups="boss" />
    <bpmn:sequenceFlow id="bossDone" sourceRef="bossApproval" targetRef="end" />
    <bpmn:endEvent id="end" name="结束" />
    <bpmn:endEvent id="rejected" name="驳回结束" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="leaveDiagram">
    <bpmndi:BPMNPlane id="leavePlane" bpmnElement="leave">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="102" y="202" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="managerApproval_di" bpmnElement="managerApproval"><dc:Bounds x="190" y="180" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="managerResult_di" bpmnElement="managerResult" isMarkerVisible="true"><dc:Bounds x="345" y="195" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="daysGateway_di" bpmnElement="daysGateway" isMarkerVisible="true"><dc:Bounds x="465" y="195" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="bossApproval_di" bpmnElement="bossApproval"><dc:Bounds x="440" y="60" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="632" y="202" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="rejected_di" bpmnElement="rejected"><dc:Bounds x="352" y="322" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="toManager_di" bpmnElement="toManager"><di:waypoint x="138" y="220" /><di:waypoint x="190" y="220" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="toResult_di" bpmnElement="toResult"><di:waypoint x="290" y="220" /><di:waypoint x="345" y="220" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="rejectedFlow_di" bpmnElement="rejectedFlow"><di:waypoint x="370" y="245" /><di:waypoint x="370" y="322" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="approvedFlow_di" bpmnElement="approvedFlow"><di:waypoint x="395" y="220" /><di:waypoint x="465" y="220" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="longLeave_di" bpmnElement="longLeave"><di:waypoint x="490" y="195" /><di:waypoint x="490" y="140" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="shortLeave_di" bpmnElement="shortLeave"><di:waypoint x="515" y="220" /><di:waypoint x="632" y="220" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="bossDone_di" bpmnElement="bossDone"><di:waypoint x="540" y="100" /><di:waypoint x="650" y="100" /><di:waypoint x="650" y="202" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
