/**
 * An entity schema, sanitized once: validated, base columns injected, columns,
 * SQL types, search operators and route bindings resolved. Everything the
 * engine does (DDL, routes, validation, SQL) reads this model, never the raw file.
 */
import {
  TRANSITION_SET_TOKENS,
  type ActionUi,
  type BindingObject,
  type EntityPageSpec,
  type EntitySchema,
  type TransitionSetToken,
  type TransitionSetValue,
  type StateMachine,
  type StateTransition,
  type FieldSchema,
  type OperationName,
  type SearchOperator,
  type UniqueRule,
} from '../../shared/entitySchema.js';
import { toSnakeCase } from './naming.js';

export interface FieldModel {
  name: string;
  column: string;
  schema: FieldSchema;
  sqlType: string;
  isId: boolean;
  isSecret: boolean;
  /**
   * A secret the caller sets (x-secret, not readOnly, not x-form false): write-only. The client schema carries it
   * (writeOnly, a password widget), reads answer only whether one is stored (`<name>Set`, see secretSetName), and an
   * update with it empty or absent keeps the stored value.
   */
  isWriteOnly: boolean;
  /** Stored sealed (x-encrypted): the engine seals on write; server code opens it (fieldSecrets.ts). */
  isEncrypted: boolean;
  /** Owned by the server: never taken from input. */
  isReadOnly: boolean;
  isBase: boolean;
  isRequired: boolean;
  isImmutable: boolean;
  /** Sent to the client in lists and details. */
  isOutput: boolean;
  search?: SearchOperator;
  isSortable: boolean;
  kind: 'string' | 'integer' | 'number' | 'boolean' | 'json' | 'datetime' | 'date';
  /** x-ref: the register the value points at (checked on every write, titled in every read). */
  ref?: FieldReference;
}

/** What an x-ref field points at and how its value is shaped. */
export interface FieldReference {
  /** Schema id of the referenced register. */
  target: string;
  /** Field of the target the value matches (x-ref-key, default id). */
  key: string;
  /** single: one value; array: a JSON array of values; list: a comma-joined string of values. */
  shape: 'single' | 'array' | 'list';
  /** Output property carrying the referenced title(s); absent when a stored property already names the row. */
  titleName?: string;
  /** x-ref-by: the target depends on another field's value (target is the default). */
  by?: { field: string; targets: Record<string, string> };
}

export interface RouteBinding {
  name: string;
  op: OperationName;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Name of the query parameter carrying ids (remove) or the id (detail), if not in the path. */
  idParam: string;
  /** The rows the binding serves (x-api where): also its requests' row scope (RowScope.within) and, on writes, the allowed input. */
  where: BindingObject['where'];
  require: string[];
  fields?: string[];
  shape: 'nodes' | 'records';
  rootParam?: string;
  /** Readable by any signed-in user of the tenant; other reads need the binding's menu. */
  isForAnyUser: boolean;
  /**
   * The menu that opens the binding (reads, actions without a button) and whose data scope its requests get:
   * the binding's `menu`, else the register's. The one place that decides it.
   */
  menuCode?: string;
  /** op action: the handler's name. Any other op: a handler that replaces the generic operation (access stays the op's). */
  action?: string;
  /**
   * The button code it needs: an action's (a write; absent = a read, gated by the menu), a transition's, or a generic
   * save/update/submit/remove/export's own (instead of the register's x-permissions code).
   */
  button?: string;
  /** op action: platform administrators only. */
  isPlatformOnly: boolean;
  /** op transition: the move it performs. */
  transition?: StateTransition;
  /** GET only: big screens whose screen token may call it; their requests use the screen's menu for access and data scope. */
  screens?: string[];
  /** Runs in a transaction, with idempotency replay: every write, and every POST action. */
  isWrite: boolean;
  /** Write bindings: request parameters beyond the fields that a valid request carries (a patrol's track), as an example. */
  example?: Record<string, unknown>;
  ui?: ActionUi;
}

/** Which fields decide a row's owner for data scopes. */
export interface DataScopeFields {
  dept: FieldModel;
  user: FieldModel;
}

export interface EntityModel {
  id: string;
  title: string;
  titleEn: string;
  table: string;
  scope: 'tenant' | 'platform';
  fields: FieldModel[];
  field: Map<string, FieldModel>;
  bindings: RouteBinding[];
  permissions: NonNullable<EntitySchema['x-permissions']>;
  /** Code of the menu that opens the register; granting it grants reading. */
  menuCode?: string;
  tree?: { titleField: string; parentField: string };
  /** The field that names a row (x-title, else the tree's title): the options operation's title. */
  titleField?: string;
  order: { field: FieldModel; direction: 'ASC' | 'DESC' }[];
  unique: UniqueRule[];
  indexes: string[][];
  sealed?: EntitySchema['x-sealed'];
  /** x-partition: the table is partitioned by range of this field, a partition per interval (DDL in migrationPlan.ts). */
  partition?: { field: FieldModel; interval: 'year' };
  /** Present when the register declares a state machine. */
  states?: { field: FieldModel; machine: StateMachine };
  /** Present when the register obeys data scopes. */
  dataScope?: DataScopeFields;
  /** Present when rows belong to one user (x-owner): every query is limited to, and every insert stamped with, the caller. */
  owner?: FieldModel;
  schema: EntitySchema;
}

export class SchemaError extends Error {
  constructor(schemaId: string, property: string, problem: string) {
    super(`schema ${schemaId}, ${property}: ${problem}`);
  }
}

/** Columns every row carries (DESIGN §4), plus `version` against lost updates. */
export const BASE_FIELDS: Record<string, FieldSchema> = {
  id: { type: 'string', 'x-id': true, readOnly: true, title: '主键', 'x-en': 'ID' },
  tenantId: { type: 'string', maxLength: 12, readOnly: true, title: '租户ID', 'x-en': 'Tenant ID' },
  createUser: { type: 'string', 'x-id': true, readOnly: true, title: '创建人', 'x-en': 'Created by' },
  createDept: { type: 'string', 'x-id': true, readOnly: true, title: '创建部门', 'x-en': 'Creating department' },
  createTime: { type: 'string', format: 'datetime', readOnly: true, title: '创建时间', 'x-en': 'Created at', 'x-search': 'date-range' },
  updateUser: { type: 'string', 'x-id': true, readOnly: true, title: '修改人', 'x-en': 'Updated by' },
  updateTime: { type: 'string', format: 'datetime', readOnly: true, title: '修改时间', 'x-en': 'Updated at' },
  status: { type: 'integer', readOnly: true, title: '状态', 'x-en': 'Status', default: 1 },
  isDeleted: { type: 'integer', readOnly: true, title: '已删除', 'x-en': 'Deleted', default: 0 },
  version: { type: 'integer', readOnly: true, title: '版本', 'x-en': 'Version', default: 1 },
};

const WRITE_OPS: Partial<Record<OperationName, ('add' | 'edit' | 'delete')[]>> = {
  save: ['add'],
  update: ['edit'],
  submit: ['add', 'edit'],
  remove: ['delete'],
};

/** Reads a menu opens: a button on them would mean nothing (exports need one; actions name theirs). */
const READ_OPS_WITHOUT_BUTTON = new Set<OperationName>(['list', 'listAll', 'detail', 'tree', 'lazyTree', 'options']);

function sqlTypeOf(schema: FieldSchema): { sqlType: string; kind: FieldModel['kind'] } {
  if (schema['x-id']) return { sqlType: 'bigint', kind: 'string' };
  switch (schema.type) {
    case 'string':
      if (schema.format === 'datetime') return { sqlType: 'timestamp(0)', kind: 'datetime' };
      if (schema.format === 'date') return { sqlType: 'date', kind: 'date' };
      // A sealed value is longer than the plain one its maxLength limits.
      if (schema['x-encrypted']) return { sqlType: 'text', kind: 'string' };
      if (schema.maxLength && schema.maxLength <= 4000) return { sqlType: `varchar(${schema.maxLength})`, kind: 'string' };
      return { sqlType: 'text', kind: 'string' };
    case 'integer':
      return { sqlType: 'integer', kind: 'integer' };
    case 'number':
      return { sqlType: 'double precision', kind: 'number' };
    case 'boolean':
      return { sqlType: 'boolean', kind: 'boolean' };
    case 'array':
      return { sqlType: 'jsonb', kind: 'json' };
  }
}

/** Fills implied limits so every value the database receives fits its column. */
function withImpliedLimits(schema: FieldSchema): FieldSchema {
  const filled = { ...schema };
  if (schema.type === 'integer') {
    filled.minimum ??= -2147483648;
    filled.maximum ??= 2147483647;
  }
  if (schema.type === 'number') {
    filled.minimum ??= -1e15;
    filled.maximum ??= 1e15;
  }
  if (schema.type === 'string' && schema.enum && !schema.maxLength) {
    filled.maxLength = Math.max(...schema.enum.map((value) => String(value).length));
  }
  if (schema.type === 'string' && schema.format === 'email') filled.maxLength ??= 254;
  if (schema.type === 'array') filled.maxItems ??= 1000;
  return filled;
}

function buildField(entityId: string, name: string, raw: FieldSchema, isBase: boolean, required: Set<string>): FieldModel {
  const schema = withImpliedLimits(raw);
  const { sqlType, kind } = sqlTypeOf(schema);
  const isSecret = schema['x-secret'] === true;
  if (isSecret && (schema['x-list'] || schema['x-search'] || schema['x-export'])) {
    throw new SchemaError(entityId, name, 'a secret field cannot be listed, searched or exported');
  }
  const isEncrypted = schema['x-encrypted'] === true;
  if (isEncrypted && (!isSecret || schema.type !== 'string' || schema['x-id'])) {
    throw new SchemaError(entityId, name, 'x-encrypted needs a string field that is x-secret (a sealed value is never read back)');
  }
  if (schema['x-search'] === 'date-range' && kind !== 'datetime' && kind !== 'date') {
    throw new SchemaError(entityId, name, 'x-search "date-range" needs format datetime or date');
  }
  return {
    name,
    column: schema['x-column'] ?? toSnakeCase(name),
    schema,
    sqlType,
    kind,
    isId: schema['x-id'] === true,
    isSecret,
    isWriteOnly: isSecret && schema.readOnly !== true && schema['x-form'] !== false,
    isEncrypted,
    isReadOnly: schema.readOnly === true,
    isBase,
    isRequired: required.has(name),
    isImmutable: schema['x-immutable'] === true,
    isOutput: !isSecret && name !== 'isDeleted',
    search: schema['x-search'],
    ref: referenceOf(schema),
    isSortable: !isSecret && (schema['x-sortable'] ?? (isBase || schema['x-list'] === true || schema['x-search'] !== undefined)),
  };
}

function referenceOf(schema: FieldSchema): FieldReference | undefined {
  const target = schema['x-ref'];
  if (!target) return undefined;
  // A text reference holds several comma-joined values when its pattern allows commas (a user's departments).
  const shape = schema.type === 'array' ? 'array' : !schema['x-id'] && schema.pattern?.includes(',') ? 'list' : 'single';
  return { target, key: schema['x-ref-key'] ?? 'id', shape, by: schema['x-ref-by'] };
}

/** The property reads answer beside a write-only secret: true when one is stored (appSecret → appSecretSet); never the value. */
export function secretSetName(name: string): string {
  return `${name}Set`;
}

/** The default title property of a reference: reservoirId → reservoirName, inspectorIds → inspectorNames, regionCode → regionCodeName. */
export function defaultTitleName(name: string): string {
  if (name.endsWith('Ids')) return `${name.slice(0, -3)}Names`;
  if (name.endsWith('Id')) return `${name.slice(0, -2)}Name`;
  return `${name}Name`;
}

/** Names the title property of each reference; a stored property of that name already names the row (a snapshot), so no title is computed. */
function nameReferenceTitles(entityId: string, fields: FieldModel[], field: Map<string, FieldModel>): void {
  const taken = new Set<string>();
  for (const f of fields) {
    if (!f.ref) continue;
    const explicit = f.schema['x-ref-title'];
    const name = explicit ?? defaultTitleName(f.name);
    if (field.has(name)) {
      if (explicit) throw new SchemaError(entityId, `properties.${f.name}.x-ref-title`, `"${name}" is already a property`);
      continue;
    }
    if (taken.has(name)) throw new SchemaError(entityId, `properties.${f.name}`, `the reference title "${name}" is used by another reference; set x-ref-title`);
    taken.add(name);
    f.ref.titleName = name;
  }
}

function parseRoute(entityId: string, name: string, route: string): { method: RouteBinding['method']; url: string; queryParam?: string } {
  const match = /^(GET|POST|PUT|DELETE) +([^?\s]+)(?:\?([A-Za-z]+))?$/.exec(route);
  if (!match) throw new SchemaError(entityId, `x-api.${name}`, `route "${route}" is not "VERB /api/path"`);
  const url = match[2].replace(/\{([A-Za-z]+)\}/g, ':$1');
  return { method: match[1] as RouteBinding['method'], url, queryParam: match[3] };
}

function buildBinding(
  entityId: string,
  name: string,
  value: string | BindingObject,
  field: Map<string, FieldModel>,
  registerMenu: string | undefined,
  states?: StateMachine,
): RouteBinding {
  const binding: BindingObject = typeof value === 'string' ? { op: name as OperationName, route: value } : value;
  const validOps: OperationName[] = [
    'list',
    'detail',
    'submit',
    'save',
    'update',
    'remove',
    'listAll',
    'tree',
    'lazyTree',
    'options',
    'export',
    'action',
    'transition',
  ];
  if (!validOps.includes(binding.op)) {
    throw new SchemaError(entityId, `x-api.${name}`, `"${binding.op}" is not an operation; use the object form with "op" for other names`);
  }
  const { method, url, queryParam } = parseRoute(entityId, name, binding.route);
  for (const key of [...Object.keys(binding.where ?? {}), ...(binding.fields ?? [])]) {
    if (!field.has(key)) throw new SchemaError(entityId, `x-api.${name}`, `unknown field "${key}"`);
  }
  const isWrite = binding.op === 'action' ? method !== 'GET' : binding.op === 'transition' || WRITE_OPS[binding.op] !== undefined;
  if (binding.example && !isWrite)
    throw new SchemaError(entityId, `x-api.${name}`, '"example" is for write bindings only (the body parameters a handler needs)');
  return {
    name,
    op: binding.op,
    method,
    url,
    idParam: queryParam ?? (binding.op === 'remove' ? 'ids' : 'id'),
    where: binding.where,
    require: binding.require ?? [],
    fields: binding.fields,
    shape: binding.shape ?? 'nodes',
    rootParam: binding.rootParam,
    isForAnyUser: binding.anyUser === true,
    menuCode: binding.menu ?? registerMenu,
    action: binding.action ?? (binding.op === 'action' ? `${entityId}.${name}` : undefined),
    button: binding.button,
    isPlatformOnly: binding.platform === true,
    isWrite,
    example: binding.example,
    ui: binding.ui,
    screens: screensOf(entityId, name, binding, method),
    transition: binding.op === 'transition' ? transitionOf(entityId, name, binding, states) : undefined,
  };
}

/** A screen token only reads: `screens` belongs on GET bindings alone. */
function screensOf(entityId: string, name: string, binding: BindingObject, method: RouteBinding['method']): string[] | undefined {
  if (!binding.screens) return undefined;
  if (method !== 'GET') throw new SchemaError(entityId, `x-api.${name}`, '"screens" is for GET bindings only (a screen token never writes)');
  return binding.screens;
}

function transitionOf(entityId: string, name: string, binding: BindingObject, states?: StateMachine): StateTransition {
  const transition = states?.transitions.find((t) => t.name === binding.transition);
  if (!transition) throw new SchemaError(entityId, `x-api.${name}`, `a transition endpoint needs "transition" naming one of x-states.transitions`);
  if (!binding.button) throw new SchemaError(entityId, `x-api.${name}`, 'a transition endpoint needs "button" (deny by default)');
  return transition;
}

function buildStates(entityId: string, machine: StateMachine | undefined, field: Map<string, FieldModel>): EntityModel['states'] {
  if (!machine) return undefined;
  const stateField = field.get(machine.field);
  if (!stateField) throw new SchemaError(entityId, 'x-states', `unknown field "${machine.field}"`);
  if (!stateField.isReadOnly || stateField.schema.default === undefined) {
    throw new SchemaError(entityId, 'x-states', `"${machine.field}" must be readOnly with a default (the initial state): only transitions change it`);
  }
  const allowed = stateField.schema.enum?.map(String);
  for (const transition of machine.transitions) {
    for (const value of [...transition.from, ...transition.to]) {
      if (allowed && !allowed.includes(String(value)))
        throw new SchemaError(entityId, `x-states.${transition.name}`, `"${value}" is not a value of ${machine.field}`);
    }
    if (transition.to.length > 1 && !transition.toParam) throw new SchemaError(entityId, `x-states.${transition.name}`, 'several targets need "toParam"');
    for (const name of transition.fields ?? []) {
      if (!field.has(name) || field.get(name)!.isBase) throw new SchemaError(entityId, `x-states.${transition.name}`, `unknown field "${name}"`);
    }
    checkTransitionGuards(entityId, transition, stateField, field);
  }
  return { field: stateField, machine };
}

/** A transition's guards and server-set fields name fields of the register, with values those fields can hold. */
function checkTransitionGuards(entityId: string, transition: StateTransition, stateField: FieldModel, field: Map<string, FieldModel>): void {
  const where = `x-states.${transition.name}`;
  const fieldOf = (key: string, name: string): FieldModel => {
    const found = field.get(name);
    if (!found) throw new SchemaError(entityId, `${where}.${key}`, `unknown field "${name}"`);
    return found;
  };
  for (const name of transition.required ?? []) {
    const required = fieldOf('required', name);
    if (required.isBase || required === stateField)
      throw new SchemaError(entityId, `${where}.required`, `"${name}" is not an input field (a base column or the state)`);
  }
  for (const key of ['actor', 'actorDept', 'notActor'] as const) {
    const name = transition[key];
    if (name === undefined) continue;
    if (!fieldOf(key, name).isId) throw new SchemaError(entityId, `${where}.${key}`, `"${name}" must be an x-id field (a user or department id)`);
  }
  for (const [name, values] of Object.entries(transition.when ?? {})) {
    const allowed = fieldOf('when', name).schema.enum?.map(String);
    const stray = values.find((value) => value !== null && allowed && !allowed.includes(String(value)));
    if (stray !== undefined) throw new SchemaError(entityId, `${where}.when.${name}`, `"${stray}" is not a value of ${name}`);
  }
  for (const [name, value] of Object.entries(transition.set ?? {}))
    checkSetEntry(entityId, `${where}.set.${name}`, fieldOf('set', name), value, stateField, transition);
}

function checkSetEntry(
  entityId: string,
  where: string,
  target: FieldModel,
  value: TransitionSetValue,
  stateField: FieldModel,
  transition: StateTransition,
): void {
  if (target.isBase || target === stateField) throw new SchemaError(entityId, where, 'a base column or the state field cannot be set (the engine sets them)');
  if ((transition.required ?? []).includes(target.name) || (transition.fields ?? []).includes(target.name)) {
    throw new SchemaError(entityId, where, 'a field set by the server cannot also be an input field of the move');
  }
  if (typeof value !== 'string' || !value.startsWith('$')) return;
  if (!TRANSITION_SET_TOKENS.includes(value as TransitionSetToken)) {
    throw new SchemaError(entityId, where, `"${value}" is not one of ${TRANSITION_SET_TOKENS.join(', ')}`);
  }
  if ((value === '$caller' || value === '$callerDept') && !target.isId) throw new SchemaError(entityId, where, `${value} needs an x-id field`);
  if (value === '$now' && target.kind !== 'datetime' && target.kind !== 'date') throw new SchemaError(entityId, where, '$now needs a datetime or date field');
  if (value === '$target' && target.kind !== stateField.kind)
    throw new SchemaError(entityId, where, `$target needs a field of the state's type (${stateField.kind})`);
}

/** x-page: the list bindings it and its views name exist and list, and no two of its pages share a path. */
function checkPage(entityId: string, page: EntityPageSpec | undefined, bindings: RouteBinding[]): void {
  if (!page) return;
  const checkList = (where: string, name: string | undefined) => {
    if (name === undefined) return;
    const binding = bindings.find((b) => b.name === name);
    if (!binding || binding.op !== 'list') throw new SchemaError(entityId, where, `"${name}" is not an x-api binding with op list`);
  };
  checkList('x-page.list', page.list);
  const paths = new Set([page.path, page.detail?.path, page.form?.add, page.form?.edit].filter((path) => path !== undefined));
  (page.views ?? []).forEach((view, index) => {
    checkList(`x-page.views[${index}].list`, view.list);
    if (paths.has(view.path)) throw new SchemaError(entityId, `x-page.views[${index}].path`, `"${view.path}" is already a page of this register`);
    paths.add(view.path);
  });
}

function buildDataScope(entityId: string, schema: EntitySchema, field: Map<string, FieldModel>): DataScopeFields | undefined {
  const declared = schema['x-data-scope'];
  if (!declared) return undefined;
  const dept = field.get(declared.dept ?? 'createDept');
  const user = field.get(declared.user ?? 'createUser');
  if (!dept || !user) throw new SchemaError(entityId, 'x-data-scope', `unknown field "${!dept ? declared.dept : declared.user}"`);
  if (!schema['x-menu']) throw new SchemaError(entityId, 'x-data-scope', 'data scopes are granted per menu: the register needs x-menu');
  return { dept, user };
}

/** Longest partition suffix: `_y2024` or `_default`. */
const PARTITION_SUFFIX_LENGTH = '_default'.length;

/**
 * x-partition: a required datetime or date field, which every x-unique set includes (PostgreSQL enforces a unique
 * index of a partitioned table per partition, so it must hold the partition key), on a table a partition name fits.
 */
function buildPartition(entityId: string, schema: EntitySchema, field: Map<string, FieldModel>): EntityModel['partition'] {
  const declared = schema['x-partition'];
  if (!declared) return undefined;
  const key = field.get(declared.field);
  if (!key || key.isBase) throw new SchemaError(entityId, 'x-partition.field', `unknown field "${declared.field}"`);
  if (key.kind !== 'datetime' && key.kind !== 'date')
    throw new SchemaError(entityId, 'x-partition.field', `"${declared.field}" must be a string of format datetime or date (a range of time)`);
  if (!key.isRequired) throw new SchemaError(entityId, 'x-partition.field', `"${declared.field}" must be required (a row without it has no partition)`);
  if (declared.interval !== 'year') throw new SchemaError(entityId, 'x-partition.interval', `"${String(declared.interval)}" is not an interval; use "year"`);
  for (const [index, rule] of (schema['x-unique'] ?? []).entries()) {
    if (!rule.fields.includes(declared.field))
      throw new SchemaError(
        entityId,
        `x-unique[${index}]`,
        `[${rule.fields.join(', ')}] must include the partition field "${declared.field}" (a partitioned table is unique per partition only)`,
      );
  }
  if (schema['x-tree']) throw new SchemaError(entityId, 'x-partition', 'a tree register cannot be partitioned');
  if (schema['x-table'].length + PARTITION_SUFFIX_LENGTH > 63)
    throw new SchemaError(
      entityId,
      'x-partition',
      `table name "${schema['x-table']}" is too long for its partitions' names (at most ${63 - PARTITION_SUFFIX_LENGTH} characters)`,
    );
  return { field: key, interval: 'year' };
}

function buildOwner(entityId: string, schema: EntitySchema, field: Map<string, FieldModel>): FieldModel | undefined {
  const name = schema['x-owner'];
  if (name === undefined) return undefined;
  const owner = field.get(name);
  if (!owner || owner.isBase) throw new SchemaError(entityId, 'x-owner', `unknown field "${name}"`);
  if (!owner.isId || !owner.isReadOnly)
    throw new SchemaError(entityId, 'x-owner', `"${name}" must be an x-id field and readOnly: the server stamps it with the signed-in user`);
  if (schema['x-scope'] === 'platform')
    throw new SchemaError(entityId, 'x-owner', 'owned rows belong to a user of a tenant: a platform-wide register cannot have an owner');
  return owner;
}

/**
 * A register may give the base column status its own meaning (an event's states, with their dictionary, listed and
 * searched): an integer, readOnly property named status replaces the base field on the same column.
 */
function refinesBaseStatus(fieldSchema: FieldSchema | undefined): boolean {
  return fieldSchema?.type === 'integer' && fieldSchema.readOnly === true;
}

export function buildEntityModel(schema: EntitySchema): EntityModel {
  const id = schema.$id;
  const required = new Set(schema.required ?? []);
  const fields: FieldModel[] = [];
  // A platform-wide register may give tenant_id its own meaning (the tenant register stores each tenant's id there).
  const overridesTenant = schema['x-scope'] === 'platform' && 'tenantId' in schema.properties;
  const ownStatus = refinesBaseStatus(schema.properties.status);
  for (const [name, fieldSchema] of Object.entries(BASE_FIELDS)) {
    if (!(overridesTenant && name === 'tenantId') && !(ownStatus && name === 'status')) fields.push(buildField(id, name, fieldSchema, true, required));
  }
  for (const [name, fieldSchema] of Object.entries(schema.properties)) {
    if (name in BASE_FIELDS && !(overridesTenant && name === 'tenantId') && !(ownStatus && name === 'status')) {
      throw new SchemaError(id, `properties.${name}`, 'is a base column, injected by the engine');
    }
    fields.push(buildField(id, name, fieldSchema, false, required));
  }
  const field = new Map(fields.map((f) => [f.name, f]));
  const columns = new Map<string, string>();
  for (const f of fields) {
    const owner = columns.get(f.column);
    if (owner) throw new SchemaError(id, `properties.${f.name}`, `column "${f.column}" is already used by ${owner}`);
    columns.set(f.column, f.name);
  }
  for (const name of required) {
    if (!field.has(name)) throw new SchemaError(id, 'required', `"${name}" is not a property`);
  }
  nameReferenceTitles(id, fields, field);
  for (const f of fields.filter((candidate) => candidate.isWriteOnly)) {
    if (field.has(secretSetName(f.name))) throw new SchemaError(id, `properties.${secretSetName(f.name)}`, `is the name reads answer "${f.name} is set" under`);
  }
  for (const f of fields) {
    if (f.ref?.by && !field.has(f.ref.by.field)) throw new SchemaError(id, `properties.${f.name}.x-ref-by`, `unknown field "${f.ref.by.field}"`);
  }

  const tree = schema['x-tree'] ? { titleField: schema['x-tree'].titleField, parentField: schema['x-tree'].parentField ?? 'parentId' } : undefined;
  if (tree) {
    for (const key of [tree.titleField, tree.parentField]) {
      if (!field.has(key)) throw new SchemaError(id, 'x-tree', `unknown field "${key}"`);
    }
  }

  const titleField = schema['x-title'] ?? tree?.titleField;
  if (titleField && !field.has(titleField)) throw new SchemaError(id, 'x-title', `unknown field "${titleField}"`);

  const menuCode = typeof schema['x-menu'] === 'object' ? schema['x-menu'].code : schema['x-menu'];
  const bindings = Object.entries(schema['x-api'] ?? {}).map(([name, value]) => buildBinding(id, name, value, field, menuCode, schema['x-states']));
  const permissions = schema['x-permissions'] ?? {};
  for (const binding of bindings) {
    for (const action of WRITE_OPS[binding.op] ?? []) {
      if (!permissions[action] && !binding.button) {
        throw new SchemaError(id, `x-api.${binding.name}`, `a ${binding.op} endpoint needs x-permissions.${action} or its own "button" (deny by default)`);
      }
    }
    if (binding.button && READ_OPS_WITHOUT_BUTTON.has(binding.op) && !binding.action) {
      throw new SchemaError(
        id,
        `x-api.${binding.name}`,
        `a ${binding.op} endpoint is opened by its menu ("menu", default x-menu); "button" is for writes, exports and actions`,
      );
    }
    // On a register of owned rows (x-owner) a POST action may be open to any signed-in user: it only ever touches the caller's rows.
    const isOwnRowsOnly = binding.isForAnyUser && schema['x-owner'] !== undefined;
    if (binding.op === 'action' && binding.isWrite && !binding.button && !binding.isPlatformOnly && !isOwnRowsOnly) {
      throw new SchemaError(
        id,
        `x-api.${binding.name}`,
        'a POST action needs "button" (or "platform": true, or "anyUser": true on a register with x-owner) (deny by default)',
      );
    }
    const isGatedOtherwise = binding.isForAnyUser || binding.isPlatformOnly || binding.button !== undefined;
    if (!binding.isWrite && !isGatedOtherwise && !binding.menuCode) {
      throw new SchemaError(
        id,
        `x-api.${binding.name}`,
        'a read endpoint needs x-menu or its own "menu" (whose grant allows reading) or "anyUser": true (deny by default)',
      );
    }
    if (binding.op === 'export' && !permissions.export && !binding.button) {
      throw new SchemaError(
        id,
        `x-api.${binding.name}`,
        'an export endpoint needs x-permissions.export or its own "button" (bulk reading is a permission of its own)',
      );
    }
    if ((binding.op === 'tree' || binding.op === 'lazyTree') && !tree) {
      throw new SchemaError(id, `x-api.${binding.name}`, 'a tree endpoint needs x-tree');
    }
    if (binding.op === 'options' && !titleField) {
      throw new SchemaError(id, `x-api.${binding.name}`, 'an options endpoint needs x-title (the field that names a row)');
    }
  }

  checkPage(id, schema['x-page'], bindings);

  const order = (schema['x-order'] ?? ['createTime desc']).map((entry) => {
    const [name, direction] = entry.split(' ');
    const target = field.get(name);
    if (!target) throw new SchemaError(id, 'x-order', `unknown field "${name}"`);
    return { field: target, direction: direction.toUpperCase() as 'ASC' | 'DESC' };
  });
  // A stable final key so pages never overlap.
  if (!order.some((entry) => entry.field.name === 'id')) order.push({ field: field.get('id')!, direction: 'DESC' });

  for (const rule of schema['x-unique'] ?? []) {
    for (const name of rule.fields) if (!field.has(name)) throw new SchemaError(id, 'x-unique', `unknown field "${name}"`);
  }
  for (const index of schema['x-indexes'] ?? []) {
    for (const name of index) if (!field.has(name)) throw new SchemaError(id, 'x-indexes', `unknown field "${name}"`);
  }
  const partition = buildPartition(id, schema, field);
  if (schema['x-sealed'] && !field.has(schema['x-sealed'].field)) {
    throw new SchemaError(id, 'x-sealed', `unknown field "${schema['x-sealed'].field}"`);
  }

  return {
    id,
    title: schema.title,
    titleEn: schema['x-title-en'],
    table: schema['x-table'],
    scope: schema['x-scope'] ?? 'tenant',
    fields,
    field,
    bindings,
    permissions,
    menuCode,
    tree,
    titleField,
    order,
    unique: schema['x-unique'] ?? [],
    indexes: schema['x-indexes'] ?? [],
    sealed: schema['x-sealed'],
    partition,
    dataScope: buildDataScope(id, schema, field),
    owner: buildOwner(id, schema, field),
    states: buildStates(id, schema['x-states'], field),
    schema,
  };
}
