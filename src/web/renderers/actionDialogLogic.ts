/**
 * What a transition's dialog asks for, pure: the action's own fields
 * (`ui.fields`), each required field of the transition marked and checked
 * before posting, long texts (an opinion, a result) as text areas (photo
 * lists are uploads in every form: EntityForm), and a move with several
 * targets (audit: 通过 / 退回重办) as a radio choice of its `toParam`. No
 * React, no antd.
 */
import type { ClientFieldSchema, ClientSchema } from '../../shared/clientSchema';
import type { StateTransition } from '../../shared/entitySchema';
import { actionFieldsSchema, hasFields, type UiBinding } from './actionLogic';
import { transitionOf } from './transitionRules';

/** A text this long or longer is written in a text area, not a one-line input. */
const TEXT_AREA_FROM = 200;

export interface ChoiceOption {
  label: string;
  value: string | number;
}

export interface ActionDialogSpec {
  /** The fields as a schema the form rules read (required list included). */
  schema: ClientSchema;
  /** Options of a choice the schema gives no dictionary for (a transition's targets). */
  choices: Record<string, ChoiceOption[]>;
}

export interface ChoiceLabels {
  /** A target ahead of where the move starts (通过). */
  approve: string;
  /** A target back before it (退回重办). */
  sendBack: string;
  /** The choice's own label (复核结果). */
  outcome: string;
  /** Labels of the dictionary the action declares for its choice, by value (审核: 已通过 / 已驳回); they win over approve/sendBack. */
  targets?: ReadonlyMap<string, string>;
}

/** The dictionary an action declares for its choice of target (its x-dict), if any: its entries name the targets. */
export function targetDictionaryOf(schema: ClientSchema, binding: UiBinding): string | undefined {
  const transition = transitionOf(schema, binding);
  if (!choosesTarget(transition)) return undefined;
  return actionFieldsSchema(schema, binding).properties[transition.toParam]?.['x-dict'];
}

/** Whether a target state lies before every state the move starts from (a review sending work back). */
export function isBackward(target: string | number, transition: StateTransition): boolean {
  const from = transition.from.map(Number);
  return !Number.isNaN(Number(target)) && from.every((state) => !Number.isNaN(state)) && Number(target) < Math.min(...from);
}

/** A transition that chooses among several targets asks which. */
export function choosesTarget(transition: StateTransition | undefined): transition is StateTransition & { toParam: string } {
  return !!transition?.toParam && transition.to.length > 1;
}

/** Whether starting the action asks for values first: it declares fields, requires some, or chooses its target. */
export function asksForValues(schema: ClientSchema | undefined, binding: UiBinding): boolean {
  if (hasFields(binding.ui)) return true;
  const transition = schema ? transitionOf(schema, binding) : undefined;
  return choosesTarget(transition) || (transition?.required?.length ?? 0) > 0;
}

function isLongText(field: ClientFieldSchema): boolean {
  return field.type === 'string' && !field['x-dict'] && !field['x-ref'] && !field.format && !field['x-component'] && (field.maxLength ?? 0) >= TEXT_AREA_FROM;
}

/**
 * The choice of target as radio buttons, one per target: named by the dictionary the action declares for it
 * (labels.targets), else 通过 for a target ahead and 退回重办 for one back. A declared field keeps its title; its
 * dictionary may hold more entries than the move's targets, so the targets are the options.
 */
function targetChoice(schema: ClientSchema, transition: StateTransition & { toParam: string }, declared: ClientFieldSchema | undefined, labels: ChoiceLabels) {
  const stateField = schema['x-states'] ? schema.properties[schema['x-states'].field] : undefined;
  const { 'x-dict': _dictionary, ...own } = declared ?? {
    type: stateField?.type === 'integer' ? 'integer' : 'string',
    title: labels.outcome,
    'x-en': labels.outcome,
  };
  const field: ClientFieldSchema = { ...own, enum: [...transition.to], 'x-component': 'radio' };
  const options = transition.to.map((state) => ({
    value: state,
    label: labels.targets?.get(String(state)) ?? (isBackward(state, transition) ? labels.sendBack : labels.approve),
  }));
  return { field, options };
}

export function actionDialogSpec(schema: ClientSchema, binding: UiBinding, labels: ChoiceLabels): ActionDialogSpec {
  const base = actionFieldsSchema(schema, binding);
  const transition = transitionOf(schema, binding);
  const properties: Record<string, ClientFieldSchema> = {};
  const required = new Set(base.required);
  const choices: Record<string, ChoiceOption[]> = {};

  // The choice of target comes first: what is decided decides what the opinion says.
  if (choosesTarget(transition)) {
    const { field, options } = targetChoice(schema, transition, base.properties[transition.toParam], labels);
    properties[transition.toParam] = field;
    required.add(transition.toParam);
    choices[transition.toParam] = options;
  }
  for (const [name, field] of Object.entries(base.properties)) {
    if (name in properties) continue;
    properties[name] = isLongText(field) ? { ...field, 'x-component': 'textarea' } : field;
  }
  for (const name of transition?.required ?? []) if (name in properties) required.add(name);
  return { schema: { ...base, properties, required: [...required] }, choices };
}
