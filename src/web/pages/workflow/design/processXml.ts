/**
 * The XML side of a process model (contract 14 §2): the rsc namespace, the process key rule and the minimal
 * diagram a new model starts from (one start event, the namespace declared so the first rsc attribute needs
 * nothing more).
 */
export const RSC_PREFIX = 'rsc';
export const RSC_URI = 'http://reservoir-safety-console/schema/bpmn';

/** The BPMN process id, which is the model's key (the server holds the same rule). */
export const PROCESS_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

/** The largest model file the designer imports (the server's limit on flow/model.xml). */
export const MAX_XML_BYTES = 2 * 1024 * 1024;

export function isProcessKey(text: string): boolean {
  return PROCESS_KEY_PATTERN.test(text);
}

function escapeXmlAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A new model's diagram: process `key` named `name`, executable, holding only a start event. */
export function emptyDiagramXml(key: string, name: string, startName: string): string {
  if (!isProcessKey(key)) throw new Error(`not a process key: ${key}`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:${RSC_PREFIX}="${RSC_URI}" id="Definitions_${key}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${key}" name="${escapeXmlAttribute(name)}" isExecutable="true">
    <bpmn:startEvent id="StartEvent_1" name="${escapeXmlAttribute(startName)}" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${key}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="180" y="180" width="36" height="36" />
        <bpmndi:BPMNLabel><dc:Bounds x="186" y="223" width="24" height="14" /></bpmndi:BPMNLabel>
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

/** The process id and name written in an XML text, without a full parse (to prefill an imported model's key). */
export function processIdentityOf(xml: string): { key?: string; name?: string } {
  const tag = /<(?:[A-Za-z_][\w.-]*:)?process\b([^>]*)>/.exec(xml)?.[1] ?? '';
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return { key: attribute('id'), name: attribute('name') };
}
