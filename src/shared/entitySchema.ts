/**
 * The shape of an entity schema file (schemas/<module>/<entity>.json) as both
 * sides read it. schemas/meta.schema.json is the authority; this type mirrors it
 * for the compiler.
 */
export type Messages = Partial<Record<
  'required' | 'maxLength' | 'minLength' | 'pattern' | 'minimum' | 'maximum' | 'type' | 'format' | 'enum',
  string
>>;

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
  'x-immutable'?: boolean;
  'x-dict'?: string;
  'x-ref'?: string;
  'x-component'?: string;
  'x-messages'?: Messages;
  'x-messages-en'?: Messages;
  'x-required-unless'?: { field: string; value: unknown };
}

export type OperationName = 'list' | 'detail' | 'submit' | 'save' | 'update' | 'remove' | 'listAll' | 'tree' | 'lazyTree' | 'export';

export type FixedCondition = string | number | boolean | { ne: string | number | boolean };

export interface BindingObject {
  op: OperationName;
  route: string;
  where?: Record<string, FixedCondition>;
  require?: string[];
  fields?: string[];
  shape?: 'nodes' | 'records';
  rootParam?: string;
  anyUser?: boolean;
}

export interface UniqueRule {
  fields: string[];
  message: string;
  'message-en': string;
}

export interface EntitySchema {
  $id: string;
  title: string;
  'x-title-en': string;
  description?: string;
  type: 'object';
  'x-table': string;
  'x-scope'?: 'tenant' | 'platform';
  'x-menu'?: string;
  'x-api'?: Record<string, string | BindingObject>;
  'x-permissions'?: Partial<Record<'add' | 'edit' | 'delete' | 'view' | 'export', string>>;
  'x-tree'?: { titleField: string; parentField?: string };
  'x-order'?: string[];
  'x-unique'?: UniqueRule[];
  'x-indexes'?: string[][];
  'x-sealed'?: { field: string; value?: unknown; message: string; 'message-en': string };
  required?: string[];
  properties: Record<string, FieldSchema>;
}
