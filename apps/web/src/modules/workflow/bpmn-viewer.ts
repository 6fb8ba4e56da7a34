/**
 * bpmn-js's viewer, in a chunk of its own (loaded when a diagram opens, never
 * with the sign-in page). Its licence asks that the bpmn.io watermark it draws
 * stays visible: nothing here hides or covers it.
 */
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './diagram.css';
import type { FlowModelView } from './flow-api';

interface Canvas {
  addMarker(id: string, marker: string): void;
  zoom(level: string, center?: string): void;
}
interface Registry {
  get(id: string): unknown;
}

export type Diagram = { destroy(): void };

/** Draws the BPMN in `container` with the passed (green) and current (orange) nodes marked. */
export async function showDiagram(container: HTMLElement, view: FlowModelView): Promise<Diagram> {
  const viewer = new NavigatedViewer({ container });
  await viewer.importXML(view.xml);
  const canvas = viewer.get<Canvas>('canvas');
  const registry = viewer.get<Registry>('elementRegistry');
  const mark = (ids: string[], marker: string) => {
    for (const id of ids) if (registry.get(id)) canvas.addMarker(id, marker);
  };
  mark(view.completed, 'flow-done');
  mark(view.current, 'flow-current');
  canvas.zoom('fit-viewport', 'auto');
  return viewer;
}
