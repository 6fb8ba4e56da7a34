/**
 * bpmn-js's modeler, in a chunk of its own (loaded when 设计 opens). Its
 * licence asks that the bpmn.io watermark stays visible: nothing here hides it.
 */
import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import './diagram.css';

interface Canvas {
  getRootElement(): { businessObject: { id: string; name?: string } };
  zoom(level: string, center?: string): void;
}

export interface OpenModel {
  /** The BPMN as drawn, its process id and name set to the model's key and name. */
  save(key: string, name: string): Promise<string>;
  destroy(): void;
}

/** A process of one start event, what 新建模型 begins with. */
export function blankProcess(key: string, name: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="definitions" targetNamespace="http://property.console/flow">
  <bpmn:process id="${key}" name="${name}" isExecutable="true">
    <bpmn:startEvent id="start" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="diagram">
    <bpmndi:BPMNPlane id="plane" bpmnElement="${key}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="160" y="160" width="36" height="36" /></bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}

export async function openModeler(container: HTMLElement, xml: string): Promise<OpenModel> {
  const modeler = new Modeler({ container });
  await modeler.importXML(xml);
  const canvas = modeler.get<Canvas>('canvas');
  canvas.zoom('fit-viewport', 'auto');
  return {
    async save(key, name) {
      const process = canvas.getRootElement().businessObject;
      process.id = key;
      process.name = name;
      const { xml: saved } = await modeler.saveXML({ format: true });
      return String(saved);
    },
    destroy: () => modeler.destroy(),
  };
}
