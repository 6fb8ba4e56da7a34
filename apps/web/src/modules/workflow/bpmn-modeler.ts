/**
 * bpmn-js's modeler, in a chunk of its own (loaded when 设计 opens). Its
 * licence asks that the bpmn.io watermark stays visible: nothing here hides it.
 */
import type { FlowTimerKind } from '@property/domain';
import Modeler from 'bpmn-js/lib/Modeler';
import camundaModdle from 'camunda-bpmn-moddle/resources/camunda.json';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import './diagram.css';

interface Canvas {
  getRootElement(): { businessObject: { id: string; name?: string } };
  zoom(level: string, center?: string): void;
  scrollToElement(element: Shape, padding?: number): void;
}

/** What bpmn-js's modeler gives of an element's BPMN (its business object). */
interface BusinessObject {
  id: string;
  $type: string;
  name?: string;
  get(name: string): unknown;
  conditionExpression?: { body?: string };
  eventDefinitions?: Array<BusinessObject & Partial<Record<FlowTimerKind, { body?: string }>>>;
  sourceRef?: BusinessObject & { default?: BusinessObject };
}
interface Shape {
  id: string;
  /** diagram-js's own kind: 'label' for an element's external label, which is not an element of its own. */
  type: string;
  businessObject: BusinessObject;
}

/** The properties our engine reads of an element, as the designer's panel shows and edits them. */
export interface ElementProps {
  id: string;
  type: string;
  name: string;
  /** A user task's people (camunda:assignee, candidateUsers, candidateGroups). */
  people?: { assignee: string; candidateUsers: string[]; candidateGroups: string[] };
  /** A sequence flow's condition ('' none); absent where one means nothing (out of a start event, a gateway's default). */
  condition?: string;
  /** A timer event's definition. */
  timer?: { kind: FlowTimerKind; value: string };
}

/** An element as the picker lists it. */
export type ElementSummary = Pick<ElementProps, 'id' | 'type' | 'name'>;

export type ElementChange = Partial<{
  id: string;
  name: string;
  assignee: string;
  candidateUsers: string[];
  candidateGroups: string[];
  condition: string;
  timer: { kind: FlowTimerKind; value: string };
}>;

export interface OpenModel {
  /** The BPMN as drawn, its process id and name set to the model's key and name. */
  save(key: string, name: string): Promise<string>;
  /**
   * Tells `listener` the selected element's properties (null: none or several), `selected` true when the
   * selection itself changed; again (false) whenever that element changes.
   */
  onSelect(listener: (props: ElementProps | null, selected: boolean) => void): void;
  /** The diagram's elements (tasks, events, gateways, flows), in drawing order: what the element picker lists. */
  elements(): ElementSummary[];
  /** Tells `listener` whenever an element is added, removed or changed (the picker's list follows). */
  onElementsChanged(listener: () => void): void;
  /** Selects the element `id` as a click on it would, and scrolls it into view (the keyboard's way to pick one). */
  select(id: string): void;
  /** Changes the properties of the element `id` through the modeler's commands (so undo takes them back). */
  update(id: string, change: ElementChange): void;
  /** Whether another element than `id` has the id `candidate`. */
  idTaken(id: string, candidate: string): boolean;
  destroy(): void;
}

const TIMER_KINDS: FlowTimerKind[] = ['timeDuration', 'timeDate', 'timeCycle'];
const PEOPLE = {
  assignee: 'camunda:assignee',
  candidateUsers: 'camunda:candidateUsers',
  candidateGroups: 'camunda:candidateGroups',
};
const listOf = (raw: unknown) =>
  typeof raw === 'string' && raw
    ? raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
const timerOf = (bo: BusinessObject) => bo.eventDefinitions?.find((d) => d.$type === 'bpmn:TimerEventDefinition');

/** Reads what the panel shows of an element. */
function propsOf(element: Shape): ElementProps {
  const bo = element.businessObject;
  const props: ElementProps = { id: bo.id, type: bo.$type, name: bo.name ?? '' };
  if (bo.$type === 'bpmn:UserTask') {
    props.people = {
      assignee: String(bo.get(PEOPLE.assignee) ?? ''),
      candidateUsers: listOf(bo.get(PEOPLE.candidateUsers)),
      candidateGroups: listOf(bo.get(PEOPLE.candidateGroups)),
    };
  }
  const source = bo.sourceRef;
  // A flow out of an event or the default of its gateway is always taken: no condition to set there.
  if (bo.$type === 'bpmn:SequenceFlow' && source && !/Event$/.test(source.$type) && source.default !== bo) {
    props.condition = bo.conditionExpression?.body ?? '';
  }
  const timer = timerOf(bo);
  if (timer) {
    const kind = TIMER_KINDS.find((k) => timer[k]) ?? 'timeDuration';
    props.timer = { kind, value: timer[kind]?.body ?? '' };
  }
  return props;
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

interface Modeling {
  updateProperties(element: Shape, properties: Record<string, unknown>): void;
  updateModdleProperties(element: Shape, target: BusinessObject, properties: Record<string, unknown>): void;
}
interface EventBus {
  on(event: string, listener: (event: { newSelection?: Shape[]; elements?: Shape[] }) => void): void;
}

export async function openModeler(container: HTMLElement, xml: string): Promise<OpenModel> {
  // Camunda's attributes (assignee, candidates) are what the server's engine reads of a user task.
  const modeler = new Modeler({ container, moddleExtensions: { camunda: camundaModdle } });
  await modeler.importXML(xml);
  const canvas = modeler.get<Canvas>('canvas');
  canvas.zoom('fit-viewport', 'auto');
  const registry = modeler.get<{ get(id: string): Shape | undefined; getAll(): Shape[] }>('elementRegistry');
  const selection = modeler.get<{ select(element: Shape): void }>('selection');
  const modeling = modeler.get<Modeling>('modeling');
  const moddle = modeler.get<{ create(type: string, attrs: Record<string, unknown>): BusinessObject }>('moddle');
  const events = modeler.get<EventBus>('eventBus');
  const expression = (body: string) => (body ? moddle.create('bpmn:FormalExpression', { body }) : undefined);
  let selected: Shape | null = null;
  let listener: (props: ElementProps | null, selected: boolean) => void = () => undefined;
  let elementsListener: () => void = () => undefined;
  events.on('selection.changed', ({ newSelection = [] }) => {
    selected = newSelection.length === 1 ? newSelection[0]! : null;
    listener(selected && propsOf(selected), true);
  });
  events.on('elements.changed', ({ elements = [] }) => {
    if (selected && elements.includes(selected)) listener(propsOf(selected), false);
    elementsListener();
  });
  const root = () => canvas.getRootElement() as unknown as Shape;
  return {
    async save(key, name) {
      const process = canvas.getRootElement().businessObject;
      process.id = key;
      process.name = name;
      const { xml: saved } = await modeler.saveXML({ format: true });
      return String(saved);
    },
    onSelect(next) {
      listener = next;
    },
    elements() {
      return registry
        .getAll()
        .filter((e) => e !== root() && e.type !== 'label')
        .map((e) => ({ id: e.businessObject.id, type: e.businessObject.$type, name: e.businessObject.name ?? '' }));
    },
    onElementsChanged(next) {
      elementsListener = next;
    },
    select(id) {
      const element = registry.get(id);
      if (!element) return;
      selection.select(element);
      // Scrolled only when some of it is out of view (diagram-js's default margin of 100 px, which a 0 also means,
      // would move a diagram fitted to the view).
      canvas.scrollToElement(element, 1);
    },
    update(id, change) {
      const element = registry.get(id);
      if (!element) return;
      const bo = element.businessObject;
      const own: Record<string, unknown> = {};
      if (change.id !== undefined) own.id = change.id;
      if (change.name !== undefined) own.name = change.name || undefined;
      if (change.assignee !== undefined) own[PEOPLE.assignee] = change.assignee.trim() || undefined;
      if (change.candidateUsers) own[PEOPLE.candidateUsers] = change.candidateUsers.join(',') || undefined;
      if (change.candidateGroups) own[PEOPLE.candidateGroups] = change.candidateGroups.join(',') || undefined;
      if (change.condition !== undefined) own.conditionExpression = expression(change.condition.trim());
      if (Object.keys(own).length) modeling.updateProperties(element, own);
      const timer = timerOf(bo);
      if (change.timer && timer) {
        // One kind at a time: the others are cleared.
        const kinds = Object.fromEntries(TIMER_KINDS.map((k) => [k, undefined]));
        modeling.updateModdleProperties(element, timer, { ...kinds, [change.timer.kind]: expression(change.timer.value.trim()) });
      }
    },
    idTaken(id, candidate) {
      return candidate !== id && registry.get(candidate) !== undefined;
    },
    destroy: () => modeler.destroy(),
  };
}
