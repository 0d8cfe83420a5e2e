/**
 * The bpmn-js Modeler as the designer page uses it: loaded on demand (bpmn-js is large and only these pages need
 * it), created with the rsc moddle extension and our palette, and wrapped in the operations the toolbar and the
 * properties panel perform — every change goes through `modeling`, so undo and redo cover it.
 */
import type { MultiInstanceKind } from './taskSettings';
import type { DesignerServices, DiagramElement, ModdleElement } from './modelerTypes';
import rscModdle from './rscModdle.json';
import { designerModules } from './designerModules';

interface BpmnModeler {
  get<T>(name: string): T;
  importXML(xml: string): Promise<{ warnings: unknown[] }>;
  saveXML(options: { format: boolean }): Promise<{ xml?: string }>;
  saveSVG(): Promise<{ svg: string }>;
  destroy(): void;
}

export async function loadBpmnStyles(): Promise<void> {
  await Promise.all([
    import('bpmn-js/dist/assets/diagram-js.css'),
    import('bpmn-js/dist/assets/bpmn-js.css'),
    import('bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css'),
  ]);
}

export class DesignerModeler {
  private constructor(private readonly modeler: BpmnModeler) {}

  static async create(container: HTMLElement): Promise<DesignerModeler> {
    const [{ default: Modeler }] = await Promise.all([import('bpmn-js/lib/Modeler'), loadBpmnStyles()]);
    const modeler = new Modeler({
      container,
      additionalModules: designerModules,
      moddleExtensions: { rsc: rscModdle },
    }) as unknown as BpmnModeler;
    return new DesignerModeler(modeler);
  }

  private get services(): DesignerServices {
    const get = <K extends keyof DesignerServices>(name: K) => this.modeler.get<DesignerServices[K]>(name);
    return {
      modeling: get('modeling'),
      moddle: get('moddle'),
      elementRegistry: get('elementRegistry'),
      canvas: get('canvas'),
      commandStack: get('commandStack'),
      selection: get('selection'),
      eventBus: get('eventBus'),
    };
  }

  /** Shows a diagram; throws bpmn-js's error (unreadable XML) and leaves the shown one as it was then. */
  async load(xml: string): Promise<void> {
    await this.modeler.importXML(xml);
    this.zoomFit();
  }

  async xml(): Promise<string> {
    return (await this.modeler.saveXML({ format: true })).xml ?? '';
  }

  async svg(): Promise<string> {
    return (await this.modeler.saveSVG()).svg;
  }

  destroy(): void {
    this.modeler.destroy();
  }

  on(event: string, callback: (event: { element?: DiagramElement; newSelection?: DiagramElement[] }) => void): () => void {
    const bus = this.services.eventBus;
    bus.on(event, callback);
    return () => bus.off(event, callback);
  }

  process(): DiagramElement {
    return this.services.canvas.getRootElement();
  }

  element(id: string): DiagramElement | undefined {
    return this.services.elementRegistry.get(id);
  }

  /** Every element of one BPMN type (e.g. the user tasks to check before saving). */
  elementsOf(type: string): DiagramElement[] {
    return this.services.elementRegistry.filter((element) => element.type === type);
  }

  select(element: DiagramElement | null): void {
    this.services.selection.select(element);
  }

  update(element: DiagramElement, properties: Record<string, unknown>): void {
    this.services.modeling.updateProperties(element, properties);
  }

  /** The standard marker beside rsc:multiInstance, so the diagram shows it (the runtime strips it before running). */
  setMultiInstance(task: DiagramElement, kind: MultiInstanceKind, attributes: Record<string, unknown>): void {
    const loopCharacteristics =
      kind === 'none' ? undefined : this.services.moddle.create('bpmn:MultiInstanceLoopCharacteristics', { isSequential: kind === 'sequential' });
    this.update(task, { ...attributes, loopCharacteristics });
  }

  /** A flow's `${…}` condition (xsi:type bpmn:tFormalExpression is written by the serializer); '' removes it. */
  setCondition(flow: DiagramElement, expression: string): void {
    const conditionExpression = expression.trim() === '' ? undefined : this.services.moddle.create('bpmn:FormalExpression', { body: expression.trim() });
    this.update(flow, { conditionExpression });
  }

  /** Makes a flow its gateway's default (taken when no condition holds), or stops it being that. */
  setDefaultFlow(flow: DiagramElement, isDefault: boolean): void {
    const gateway = flow.source;
    if (!gateway) return;
    this.update(gateway, { default: isDefault ? flow.businessObject : undefined });
  }

  /** A timer event's ISO 8601 duration (PT2H); '' removes it. */
  setTimerDuration(event: DiagramElement, duration: string): void {
    const definition = timerDefinitionOf(event);
    if (!definition) return;
    const timeDuration = duration.trim() === '' ? undefined : this.services.moddle.create('bpmn:FormalExpression', { body: duration.trim() });
    this.services.modeling.updateModdleProperties(event, definition, { timeDuration });
  }

  undo(): void {
    this.services.commandStack.undo();
  }

  redo(): void {
    this.services.commandStack.redo();
  }

  canUndo(): boolean {
    return this.services.commandStack.canUndo();
  }

  canRedo(): boolean {
    return this.services.commandStack.canRedo();
  }

  /** Fits the diagram into view, never larger than its natural size (a new diagram is one small start event). */
  zoomFit(): void {
    const canvas = this.services.canvas;
    if (canvas.zoom('fit-viewport', 'auto') > 1) canvas.zoom(1, 'auto');
  }
}

export function timerDefinitionOf(element: DiagramElement): ModdleElement | undefined {
  const definitions = element.businessObject.eventDefinitions as ModdleElement[] | undefined;
  return definitions?.find((definition) => definition.$type === 'bpmn:TimerEventDefinition');
}
