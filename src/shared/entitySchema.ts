/**
 * The shape of an entity schema file (schemas/<module>/<entity>.json) as both
 * sides read it. schemas/meta.schema.json is the authority; this type mirrors it
 * for the compiler.
 */
export type Messages = Partial<
  Record<'required' | 'maxLength' | 'minLength' | 'pattern' | 'minimum' | 'maximum' | 'type' | 'format' | 'enum' | 'ref' | 'dict', string>
>;

export type SearchOperator = 'eq' | 'like' | 'in' | 'date-range';

export interface FieldSchema {
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array';
  title: string;
  'x-en': string;
  description?: string;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  format?: 'datetime' | 'date' | 'email';
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  default?: unknown;
  items?: { type?: 'string' | 'integer' | 'number'; maxLength?: number };
  maxItems?: number;
  readOnly?: boolean;
  'x-id'?: boolean;
  'x-column'?: string;
  'x-list'?: boolean;
  'x-search'?: SearchOperator;
  'x-form'?: boolean;
  'x-export'?: boolean;
  'x-sortable'?: boolean;
  'x-secret'?: boolean;
  /** Stored sealed (AES-256-GCM, a key per column from the deployment's signing key); needs x-secret. */
  'x-encrypted'?: boolean;
  'x-immutable'?: boolean;
  'x-dict'?: string;
  'x-ref'?: string;
  /** The field of the referenced register the value matches (default id; a region is referred to by its code). */
  'x-ref-key'?: string;
  /** The referenced register depends on another field of the row: its value → schema id (x-ref is the default target). */
  'x-ref-by'?: { field: string; targets: Record<string, string> };
  /** Name of the output property carrying the referenced row's title (default: reservoirId → reservoirName, inspectorIds → inspectorNames). */
  'x-ref-title'?: string;
  /** Query of the referenced register's tree for this field ({deptRegionCode}: the user's department region). */
  'x-ref-query'?: Record<string, string>;
  'x-component'?: string;
  'x-messages'?: Messages;
  'x-messages-en'?: Messages;
  'x-required-unless'?: { field: string; value: unknown };
}

export type OperationName =
  'list' | 'detail' | 'submit' | 'save' | 'update' | 'remove' | 'listAll' | 'tree' | 'lazyTree' | 'options' | 'export' | 'action' | 'transition';

/**
 * A declared state machine (x-states): the field holding the state (readOnly,
 * its default is the initial state) and the allowed moves. A transition with
 * several targets takes the chosen one from the request (toParam); `fields`
 * are other fields the request may set with the move (e.g. an audit opinion).
 */
export interface StateTransition {
  name: string;
  from: (string | number)[];
  to: (string | number)[];
  toParam?: string;
  /** Input fields the move may set; a readOnly field listed here is written by transitions only. */
  fields?: string[];
  /** Input fields that must be non-empty (400 naming the field); input fields of the move even when `fields` omits them. */
  required?: string[];
  /** Row field holding the only user who may fire the move ("createUser": the creator) → 403 for anyone else. */
  actor?: string;
  /** Row field holding the department whose users alone may fire the move → 403. */
  actorDept?: string;
  /** Row field holding the user who may not fire the move (four eyes) → 403. */
  notActor?: string;
  /** Row conditions: the named field's value must be one of the list → 400. */
  when?: Record<string, (string | number | null)[]>;
  /** Fields the server sets with the move: a token (see TransitionSetToken) or a literal. */
  set?: Record<string, TransitionSetValue>;
  label?: string;
  'label-en'?: string;
}

/** "$caller": the caller's user id; "$callerDept": the caller's department id; "$now": LOCALTIMESTAMP(0); "$target": the target state. */
export type TransitionSetToken = '$caller' | '$callerDept' | '$now' | '$target';
export const TRANSITION_SET_TOKENS: readonly TransitionSetToken[] = ['$caller', '$callerDept', '$now', '$target'];
export type TransitionSetValue = string | number | boolean | null;

export interface StateMachine {
  field: string;
  transitions: StateTransition[];
  /** States in which update/submit may still change the record (absent: any). */
  editableIn?: (string | number)[];
  /** States in which the record may be removed (absent: any). */
  removableIn?: (string | number)[];
}

/**
 * How the console offers an action endpoint: on each row, on the toolbar for
 * the selected rows, or on the toolbar alone. `fields` are asked for in a
 * dialog first (field names of this schema, or inline field schemas);
 * `component` names a hand-written dialog for what a form cannot express
 * (e.g. the role grant trees).
 */
export interface ActionUi {
  placement: 'row' | 'selection' | 'toolbar';
  label: string;
  'label-en': string;
  confirm?: string;
  'confirm-en'?: string;
  fields?: Record<string, FieldSchema>;
  component?: string;
  /** The response is a file to download. */
  download?: boolean;
  /** Row actions: shown only when the row's field has this value (or one of these values). */
  when?: Record<string, string | number | (string | number)[]>;
}

/** A binding's fixed condition on a field: equals a value, is one of a list of values, or differs from a value. */
export type FixedCondition = string | number | boolean | (string | number | boolean)[] | { ne: string | number | boolean };

export interface BindingObject {
  op: OperationName;
  route: string;
  /**
   * The rows the binding serves: lists, listAll, trees and exports read only them; detail, update, remove and
   * transitions treat other rows as not found; save, update and submit refuse an input outside them (400).
   */
  where?: Record<string, FixedCondition>;
  require?: string[];
  fields?: string[];
  shape?: 'nodes' | 'records';
  rootParam?: string;
  anyUser?: boolean;
  /** op action: the handler, `<schemaId>.<binding name>` when absent. Another op: a handler replacing the generic operation. */
  action?: string;
  /**
   * The menu that opens the binding (reads, and actions without a button) and whose data scope its requests get
   * (default: the register's x-menu). One register may serve several menus, e.g. one per family of readings.
   */
  menu?: string;
  /**
   * The button code a caller needs: an action's (a write; without it the action is a read, gated by the menu), a
   * transition's, or on a generic save/update/submit/remove/export the button it needs instead of the register's
   * x-permissions code.
   */
  button?: string;
  /** op action or a read: only the platform administrator may call it. */
  platform?: boolean;
  /** op transition: the x-states transition this endpoint performs. */
  transition?: string;
  /** GET bindings only: the big screens (menu codes) whose read-only screen token may call it (src/server/screens/). */
  screens?: ('screen_inspection' | 'screen_matrix' | 'screen_river')[];
  /** Write bindings: request parameters beyond the fields that a valid request carries (e.g. a patrol's track), as an example. */
  example?: Record<string, unknown>;
  ui?: ActionUi;
}

/**
 * A register's console page: the menu path it answers, its layout, and an
 * optional tree of another register beside the list (choosing a node filters
 * the list by `param` = the node's id).
 */
export interface EntityPageSpec {
  path: string;
  layout: 'crud' | 'tree';
  /** The x-api binding (op list) the page lists with (default: the binding named list, else the first list or listAll binding). */
  list?: string;
  /** The page's button codes (default: x-permissions); a missing key: no such button on this page. */
  permissions?: PagePermissions;
  /** More list pages of the same register, each through another list binding with its own buttons. */
  views?: PageView[];
  filterTree?: { schemaId: string; param: string };
  /** A full page of one record (?id=), with child lists; the list's view button opens it. */
  detail?: DetailPageSpec;
  /** Full-page add and edit forms (edit with ?id=) instead of the dialog; add and edit may share a path. */
  form?: { add: string; edit: string };
}

export type PagePermissions = Partial<Record<'add' | 'edit' | 'delete' | 'view' | 'export', string>>;

/** One more list page of a register (x-page.views[]): its path, the list binding it reads, its button codes. */
export interface PageView {
  path: string;
  list: string;
  permissions?: PagePermissions;
}

/**
 * Child rows of a detail page, as a table with the columns of their schema:
 * an array field of the detail answer (`field`), or another register's
 * binding called with the record's id as `param`. With view `track` the
 * rows are one GPS trail drawn on the offline map instead of a table.
 */
export type DetailListSpec = { schemaId: string; view?: 'table' | 'track' } & (
  { field: string; binding?: never; param?: never } | { field?: never; binding: string; param: string }
);

export interface DetailPageSpec {
  path: string;
  lists?: DetailListSpec[];
}

export interface UniqueRule {
  fields: string[];
  message: string;
  'message-en': string;
}

/** Demo role aliases a seeded menu or button is granted to on a fresh database. */
export type MenuRoleAlias = 'administrator' | 'farm_admin' | 'subject_admin' | 'river_chief' | 'inspector';

/** A register's menu (x-menu object): the seed derives the menu row and its buttons from it. */
export interface MenuDeclaration {
  code: string;
  /** Code of the parent menu. */
  parent: string;
  sort: number;
  /** antd icon name. */
  icon?: string;
  /** Default: the schema's title / x-title-en. */
  name?: string;
  'name-en'?: string;
  /** Default: x-page.path. */
  path?: string;
  roles?: MenuRoleAlias[];
  /** Overrides of derived buttons and buttons the bindings do not name, by code; false: a derived code that is no button. */
  buttons?: Record<string, false | { alias?: string; name?: string; 'name-en'?: string; roles?: MenuRoleAlias[]; sort?: number }>;
}

/**
 * How a schema file extends a template (schemas/templates/<template>.json, parameters filled in);
 * resolved by the loader (src/server/engine/schemaFiles.ts) before validation, so an EntitySchema
 * never carries it. Merge rule: see x-extends in schemas/meta.schema.json.
 */
export interface SchemaExtends {
  template: string;
  with?: Record<string, unknown>;
}

export interface EntitySchema {
  $id: string;
  title: string;
  'x-title-en': string;
  description?: string;
  type: 'object';
  'x-table': string;
  'x-scope'?: 'tenant' | 'platform';
  /** The register's menu: declared here (object), or a menu declared elsewhere (code). */
  'x-menu'?: string | MenuDeclaration;
  'x-api'?: Record<string, string | BindingObject>;
  'x-permissions'?: Partial<Record<'add' | 'edit' | 'delete' | 'view' | 'export', string>>;
  /** The field that names a row: the title of the options operation (flat picker nodes). */
  'x-title'?: string;
  'x-tree'?: { titleField: string; parentField?: string };
  'x-order'?: string[];
  'x-unique'?: UniqueRule[];
  'x-indexes'?: string[][];
  'x-sealed'?: { field: string; value?: unknown; message: string; 'message-en': string };
  /** The table is partitioned by range of a required datetime/date field, one partition per year (plus a default one); x-unique sets include the field. */
  'x-partition'?: { field: string; interval: 'year' };
  /** Rows are subject to the role's data scopes: which field holds the owning department(s) and the owning user. */
  'x-data-scope'?: { dept?: string; user?: string };
  /** Rows belong to one user (an inbox): every query and write touches only the signed-in user's rows, and inserts are stamped with them. */
  'x-owner'?: string;
  'x-states'?: StateMachine;
  /** The console page of the register: its menu path and layout. */
  'x-page'?: EntityPageSpec;
  required?: string[];
  properties: Record<string, FieldSchema>;
}
