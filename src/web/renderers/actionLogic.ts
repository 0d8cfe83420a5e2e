/**
 * The pure rules of a register's actions (bindings with a `ui`: op action,
 * or a state transition): where each is offered (a row, the selected rows,
 * the toolbar), to whom (the caller holds its button code; no code: anyone
 * who opens the page), for which rows (`when`), what happens first (a
 * warning when nothing is selected, a hand-written dialog, a confirmation, a
 * dialog asking for values) and the request it sends. No React, no antd.
 */
import type { ClientBinding, ClientSchema } from '../../shared/clientSchema';
import type { ActionUi } from '../../shared/entitySchema';
import type { ParamValue } from '../api/request';
import type { EntityRecord } from './entityApi';
import type { Language } from './schemaFields';

export type ActionPlacement = ActionUi['placement'];
export type UiBinding = ClientBinding & { ui: ActionUi };
export type ActionValues = Record<string, unknown>;

/** What an action acts on: the row it was started from, or the selected rows' ids (none for a toolbar action). */
export interface ActionTarget {
  ids: string[];
  record?: EntityRecord;
}

export function isUiBinding(binding: ClientBinding): binding is UiBinding {
  return !!binding.ui;
}

/** Every binding the console offers as a button, in the schema's order. */
export function uiBindings(schema: ClientSchema): UiBinding[] {
  return Object.values(schema['x-api']).filter(isUiBinding);
}

/** The actions of one placement the caller may use: its button code granted, or none declared (the page's menu suffices). */
export function actionsAt(schema: ClientSchema, placement: ActionPlacement, granted: Readonly<Record<string, boolean>>): UiBinding[] {
  return uiBindings(schema).filter((binding) => binding.ui.placement === placement && (binding.button === undefined || granted[binding.button] === true));
}

/** A row action with `when` is offered only on rows whose fields have the value (or one of the values). */
export function isOfferedFor(binding: UiBinding, record: EntityRecord): boolean {
  const when = binding.ui.when;
  if (!when) return true;
  return Object.entries(when).every(([field, expected]) => {
    const value = record[field];
    if (value === undefined || value === null) return false;
    const allowed = Array.isArray(expected) ? expected : [expected];
    return allowed.some((item) => String(item) === String(value));
  });
}

export function actionLabel(ui: ActionUi, language: Language): string {
  return language === 'en' ? ui['label-en'] : ui.label;
}

/** The confirmation question, if the action asks one (English falls back to Chinese rather than skipping the question). */
export function actionConfirmText(ui: ActionUi, language: Language): string | undefined {
  if (!ui.confirm) return undefined;
  return language === 'en' ? (ui['confirm-en'] ?? ui.confirm) : ui.confirm;
}

export function hasFields(ui: ActionUi): boolean {
  return !!ui.fields && Object.keys(ui.fields).length > 0;
}

export type ActionStep = 'empty' | 'component' | 'confirm' | 'fields' | 'run';

/**
 * What starting an action does first. A selection action with nothing
 * selected only warns (请选择至少一条数据); a hand-written dialog takes over
 * entirely; otherwise the confirmation, then the values, then the call.
 */
export function firstStep(binding: UiBinding, target: ActionTarget, asksValues = hasFields(binding.ui)): ActionStep {
  if (binding.ui.placement === 'selection' && target.ids.length === 0) return 'empty';
  if (binding.ui.component) return 'component';
  if (binding.ui.confirm) return 'confirm';
  return asksValues ? 'fields' : 'run';
}

/** After the confirmation: the values dialog when the action asks for values, else the call. */
export function stepAfterConfirm(binding: UiBinding, asksValues = hasFields(binding.ui)): 'fields' | 'run' {
  return asksValues ? 'fields' : 'run';
}

/** The rows a selection acts on: ids without blanks or repeats. */
export function selectionTarget(ids: readonly string[]): ActionTarget {
  return { ids: [...new Set(ids.filter((id) => id !== ''))] };
}

export function rowTarget(record: EntityRecord): ActionTarget {
  return { ids: record.id === undefined ? [] : [String(record.id)], record };
}

export interface ActionRequest {
  url: string;
  method: ClientBinding['method'];
  params: Record<string, ParamValue>;
  data?: ActionValues;
  responseType?: 'blob';
}

function withoutEmpty(values: ActionValues): ActionValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ''));
}

/**
 * The call an action makes. The ids go where the route declares them: a
 * path parameter (`/detail/{id}`), else the query parameter the route names
 * (`reset-password?userIds` → `?userIds=1,2`, SpringBlade's convention);
 * a toolbar action sends none. The values a dialog asked for travel as the
 * JSON body of a POST and as query parameters of a GET.
 */
export function actionRequestOf(binding: UiBinding, target: ActionTarget, values: ActionValues = {}): ActionRequest {
  const params: Record<string, ParamValue> = {};
  let url = binding.url;
  const placeholder = `:${binding.idParam}`;
  if (binding.ui.placement !== 'toolbar' && target.ids.length > 0) {
    if (url.includes(placeholder)) url = url.replace(placeholder, encodeURIComponent(target.ids.join(',')));
    else params[binding.idParam] = target.ids.join(',');
  }
  const filled = withoutEmpty(values);
  const request: ActionRequest = { url, method: binding.method, params };
  if (binding.method === 'GET') Object.assign(params, filled as Record<string, ParamValue>);
  else if (Object.keys(filled).length > 0 || hasFields(binding.ui)) request.data = filled;
  if (binding.ui.download) request.responseType = 'blob';
  return request;
}

/**
 * The fields an action asks for, as a schema the form rules read: the
 * inline field schemas of `ui.fields`; a field that declares a required
 * message (x-messages.required) must be filled in.
 */
export function actionFieldsSchema(schema: ClientSchema, binding: UiBinding): ClientSchema {
  const properties = binding.ui.fields ?? {};
  return {
    $id: schema.$id,
    title: binding.ui.label,
    'x-title-en': binding.ui['label-en'],
    type: 'object',
    'x-api': {},
    'x-permissions': {},
    required: Object.entries(properties)
      .filter(([, field]) => !!field['x-messages']?.required)
      .map(([name]) => name),
    properties,
  };
}

/** A values dialog starts from the fields' defaults, then what the row already holds under the same names. */
export function actionInitialValues(binding: UiBinding, record?: EntityRecord): ActionValues {
  const values: ActionValues = {};
  for (const [name, field] of Object.entries(binding.ui.fields ?? {})) {
    const held = record?.[name];
    // A list field may be held as SpringBlade's comma-joined ids.
    if (held !== undefined && held !== null && held !== '')
      values[name] = field.type === 'array' && typeof held === 'string' ? held.split(',').filter(Boolean) : held;
    else if (field.default !== undefined) values[name] = field.default;
  }
  return values;
}

export interface InitialPassword {
  account: string;
  password: string;
}

/**
 * One-time initial passwords in a server's answer (a new account, a reset,
 * an import, when the tenant gives random initial passwords): they are
 * answered once and must be shown before they are gone. `initialPasswords`
 * lists them by account; a single `initialPassword` belongs to the answer's
 * (or the saved record's) account.
 */
export function initialPasswordsOf(answer: unknown, account?: string): InitialPassword[] {
  if (!answer || typeof answer !== 'object') return [];
  const { initialPasswords, initialPassword, account: own } = answer as { initialPasswords?: unknown; initialPassword?: unknown; account?: unknown };
  if (Array.isArray(initialPasswords)) {
    return initialPasswords
      .filter((item): item is { account: unknown; initial: unknown } => !!item && typeof item === 'object')
      .map((item) => ({ account: String(item.account ?? ''), password: String(item.initial ?? '') }))
      .filter((item) => item.password !== '');
  }
  if (typeof initialPassword === 'string' && initialPassword !== '') return [{ account: String(own ?? account ?? ''), password: initialPassword }];
  return [];
}
