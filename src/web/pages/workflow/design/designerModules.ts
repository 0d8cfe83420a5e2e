/**
 * bpmn-js modules of the designer: the palette and the context pad offer only the elements the runtime runs
 * (contract 14 §2: user tasks, gateways, start and end events, timer catch events) — a plain task, data objects,
 * pools, sub-processes and message or signal events are left out, the user task and the timer event put in
 * (the context pad's `append.user-task` is what the drawing helper of the browser tests clicks); the 更改类型 menu
 * offers only those types; and bpmn-js's own texts go through i18next.
 */
import i18next from 'i18next';
import type { AutoPlace, Create, DiagramElement, ElementFactory, Translate } from './modelerTypes';

interface PaletteEntry {
  group: string;
  className: string;
  title: string;
  action: Record<string, (event: unknown, element: DiagramElement) => void>;
}
type Entries = Record<string, PaletteEntry | Record<string, unknown>>;

const LEFT_OUT_OF_PALETTE = [
  'create.task',
  'create.intermediate-event',
  'create.data-object',
  'create.data-store',
  'create.subprocess-expanded',
  'create.participant-expanded',
  'create.group',
];

const LEFT_OUT_OF_CONTEXT_PAD = [
  'append.append-task',
  'append.intermediate-event',
  'append.receive-task',
  'append.message-intermediate-event',
  'append.signal-intermediate-event',
  'append.condition-intermediate-event',
  'append.compensation-activity',
  'append.text-annotation',
];

const USER_TASK = { type: 'bpmn:UserTask' };
const TIMER_EVENT = { type: 'bpmn:IntermediateCatchEvent', eventDefinitionType: 'bpmn:TimerEventDefinition' };

class RscPaletteProvider {
  static $inject = ['palette', 'create', 'elementFactory', 'translate'];

  constructor(
    palette: { registerProvider(priority: number, provider: unknown): void },
    private readonly create: Create,
    private readonly elementFactory: ElementFactory,
    private readonly translate: Translate,
  ) {
    // Below the default provider's priority (1000), so ours edits its entries.
    palette.registerProvider(500, this);
  }

  private createEntry(shape: { type: string; eventDefinitionType?: string }, group: string, className: string, title: string): PaletteEntry {
    const start = (event: unknown) => this.create.start(event, this.elementFactory.createShape(shape));
    return { group, className, title: this.translate(title), action: { dragstart: start, click: start } };
  }

  getPaletteEntries() {
    return (entries: Entries): Entries => {
      for (const key of LEFT_OUT_OF_PALETTE) delete entries[key];
      return {
        ...entries,
        'create.timer-event': this.createEntry(TIMER_EVENT, 'event', 'bpmn-icon-intermediate-event-catch-timer', 'Create timer event'),
        'create.user-task': this.createEntry(USER_TASK, 'activity', 'bpmn-icon-user-task', 'Create user task'),
      };
    };
  }
}

class RscContextPadProvider {
  static $inject = ['contextPad', 'create', 'elementFactory', 'autoPlace', 'translate'];

  constructor(
    contextPad: { registerProvider(priority: number, provider: unknown): void },
    private readonly create: Create,
    private readonly elementFactory: ElementFactory,
    private readonly autoPlace: AutoPlace,
    private readonly translate: Translate,
  ) {
    contextPad.registerProvider(500, this);
  }

  private appendEntry(shape: { type: string; eventDefinitionType?: string }, className: string, title: string): PaletteEntry {
    return {
      group: 'model',
      className,
      title: this.translate(title),
      action: {
        click: (_event, source) => void this.autoPlace.append(source, this.elementFactory.createShape(shape)),
        dragstart: (event, source) => this.create.start(event, this.elementFactory.createShape(shape), { source }),
      },
    };
  }

  getContextPadEntries() {
    return (entries: Entries): Entries => {
      // The default provider offers appending only where an element may follow; ours follows the same rule.
      const canAppend = 'append.append-task' in entries;
      for (const key of LEFT_OUT_OF_CONTEXT_PAD) delete entries[key];
      if (!canAppend) return entries;
      return {
        ...entries,
        'append.user-task': this.appendEntry(USER_TASK, 'bpmn-icon-user-task', 'Append user task'),
        'append.timer-event': this.appendEntry(TIMER_EVENT, 'bpmn-icon-intermediate-event-catch-timer', 'Append timer event'),
      };
    };
  }
}

/** What the 更改类型 (wrench) menu may turn an element into: the elements the runtime runs. */
const REPLACEMENTS_KEPT = new Set([
  'replace-with-user-task',
  'replace-with-none-start',
  'replace-with-none-end',
  'replace-with-terminate-end',
  'replace-with-exclusive-gateway',
  'replace-with-parallel-gateway',
  'replace-with-inclusive-gateway',
  'replace-with-timer-intermediate-catch',
  'replace-with-timer-boundary',
  'replace-with-non-interrupting-timer-boundary',
  'replace-with-sequence-flow',
  'replace-with-default-flow',
  'replace-with-conditional-flow',
]);

/** Header toggles kept: multi-instance is set in the panel (rsc:multiInstance with its marker), loops do not run. */
const HEADER_ENTRIES_KEPT = new Set(['toggle-non-interrupting']);

const keepOnly = (kept: Set<string>) => (entries: Entries) => Object.fromEntries(Object.entries(entries).filter(([key]) => kept.has(key)));

class RscReplaceMenuProvider {
  static $inject = ['popupMenu'];

  constructor(popupMenu: { registerProvider(id: string, priority: number, provider: unknown): void }) {
    popupMenu.registerProvider('bpmn-replace', 500, this);
  }

  getPopupMenuEntries() {
    return keepOnly(REPLACEMENTS_KEPT);
  }

  getPopupMenuHeaderEntries() {
    return keepOnly(HEADER_ENTRIES_KEPT);
  }
}

/** bpmn-js's English texts → the keys of workflowDesign.bpmn (only those the reduced palette and pad show). */
const TEXT_KEYS: Record<string, string> = {
  'Activate hand tool': 'handTool',
  'Activate lasso tool': 'lassoTool',
  'Activate create/remove space tool': 'spaceTool',
  'Activate global connect tool': 'connectTool',
  'Create start event': 'createStartEvent',
  'Create end event': 'createEndEvent',
  'Create gateway': 'createGateway',
  'Create user task': 'createUserTask',
  'Create timer event': 'createTimerEvent',
  'Append end event': 'appendEndEvent',
  'Append gateway': 'appendGateway',
  'Append user task': 'appendUserTask',
  'Append timer event': 'appendTimerEvent',
  'Append timer intermediate catch event': 'appendTimerEvent',
  'Connect to other element': 'connect',
  'Connect using association': 'connect',
  'Change element': 'changeElement',
  Delete: 'delete',
  'Search in diagram': 'search',
  'Parallel multi-instance': 'parallelMultiInstance',
  'Sequential multi-instance': 'sequentialMultiInstance',
  Loop: 'loop',
  'Toggle non-interrupting': 'nonInterrupting',
  'Add text annotation': 'textAnnotation',
  'User task': 'userTask',
  'Start event': 'startEvent',
  'End event': 'endEvent',
  'Terminate end event': 'terminateEndEvent',
  'Exclusive gateway': 'exclusiveGateway',
  'Parallel gateway': 'parallelGateway',
  'Inclusive gateway': 'inclusiveGateway',
  'Timer intermediate catch event': 'timerEvent',
  'Timer boundary event': 'timerBoundaryEvent',
  'Timer boundary event (non-interrupting)': 'timerBoundaryEventNonInterrupting',
  'Sequence flow': 'sequenceFlow',
  'Default flow': 'defaultFlow',
  'Conditional flow': 'conditionalFlow',
};

function translateText(template: string, replacements: Record<string, string> = {}): string {
  const key = TEXT_KEYS[template];
  const text = key ? i18next.t(`workflowDesign.bpmn.${key}`) : template;
  return text.replace(/{([^}]+)}/g, (whole, name: string) => replacements[name] ?? whole);
}

export const designerModules = [
  {
    __init__: ['rscPaletteProvider', 'rscContextPadProvider', 'rscReplaceMenuProvider'],
    rscPaletteProvider: ['type', RscPaletteProvider],
    rscContextPadProvider: ['type', RscContextPadProvider],
    rscReplaceMenuProvider: ['type', RscReplaceMenuProvider],
    translate: ['value', translateText],
  },
];

/** The viewer's only module: bpmn-js's texts in the console's language. */
export const viewerModules = [{ translate: ['value', translateText] }];
