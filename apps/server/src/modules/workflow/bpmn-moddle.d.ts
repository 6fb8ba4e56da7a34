/** bpmn-moddle ships no types; the little of it the workflow module reads. */
declare module 'bpmn-moddle' {
  interface ModdleElement {
    $type: string;
    id?: string;
    name?: string;
    isExecutable?: boolean;
    flowElements?: ModdleElement[];
    rootElements?: ModdleElement[];
    [key: string]: unknown;
  }
  interface ParseResult {
    rootElement: ModdleElement;
    warnings: Array<{ message: string }>;
  }
  export default class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string): Promise<ParseResult>;
  }
}
