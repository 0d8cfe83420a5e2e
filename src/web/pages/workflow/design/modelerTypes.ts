/**
 * The few bpmn-js services the designer talks to, typed as it uses them (bpmn-js ships its services untyped for
 * `modeler.get(name)`). Only what the properties panel and the toolbar need.
 */
export interface ModdleElement {
  $type: string;
  id?: string;
  name?: string;
  get(name: string): unknown;
  [property: string]: unknown;
}

export interface DiagramElement {
  id: string;
  type: string;
  businessObject: ModdleElement;
  /** Set on a label: the element it names. */
  labelTarget?: DiagramElement;
  source?: DiagramElement;
  target?: DiagramElement;
  incoming?: DiagramElement[];
  outgoing?: DiagramElement[];
}

export interface Modeling {
  updateProperties(element: DiagramElement, properties: Record<string, unknown>): void;
  updateModdleProperties(element: DiagramElement, moddleElement: ModdleElement, properties: Record<string, unknown>): void;
}

export interface Moddle {
  create(type: string, attributes?: Record<string, unknown>): ModdleElement;
}

export interface ElementRegistry {
  get(id: string): DiagramElement | undefined;
  filter(predicate: (element: DiagramElement) => boolean): DiagramElement[];
}

export interface Canvas {
  getRootElement(): DiagramElement;
  zoom(level: 'fit-viewport' | number, center?: 'auto'): number;
}

export interface CommandStack {
  undo(): void;
  redo(): void;
  canUndo(): boolean;
  canRedo(): boolean;
}

export interface Selection {
  get(): DiagramElement[];
  select(element: DiagramElement | null): void;
}

export interface EventBus {
  on(event: string, callback: (event: { element?: DiagramElement; newSelection?: DiagramElement[] }) => void): void;
  off(event: string, callback: (...args: never[]) => void): void;
}

export interface ElementFactory {
  createShape(attributes: { type: string; eventDefinitionType?: string }): DiagramElement;
}

export interface AutoPlace {
  append(source: DiagramElement, shape: DiagramElement): DiagramElement;
}

export interface Create {
  start(event: unknown, shape: DiagramElement, context?: { source: DiagramElement }): void;
}

export type Translate = (template: string, replacements?: Record<string, string>) => string;

/** What `modeler.get` answers for the names the designer uses. */
export interface DesignerServices {
  modeling: Modeling;
  moddle: Moddle;
  elementRegistry: ElementRegistry;
  canvas: Canvas;
  commandStack: CommandStack;
  selection: Selection;
  eventBus: EventBus;
}
