/**
 * The client schema: what the browser receives of an entity schema
 * (GET /api/blade-system/schema/client?id=<module/entity>). It is derived on
 * the server from the sanitized model with every server-only part removed —
 * no table, column, SQL condition, row rule, index or secret value — so the
 * console's renderers can build pages from it and nothing else. A secret the
 * caller sets is there as a write-only field (writeOnly, password widget).
 */
import type { ActionUi, EntitySchema, FieldSchema, OperationName } from './entitySchema.js';

/** One endpoint of the entity, as much of it as a caller needs to call it. */
export interface ClientBinding {
  name: string;
  op: OperationName;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Absolute path, e.g. /api/blade-system/param/list; `:id` for a path parameter. */
  url: string;
  /** Query parameter carrying the id (detail) or ids (remove). */
  idParam: string;
  /** Actions: the button code that shows it (absent: anyone who opens the page). */
  button?: string;
  /** Actions: how the console offers it. */
  ui?: ActionUi;
  /** Transitions: the x-states transition it performs (its `from` states decide the rows it is offered on). */
  transition?: string;
}

/** A field as the browser sees it: no column, no description, never a secret's value. */
export type ClientFieldSchema = Omit<FieldSchema, 'x-column' | 'x-secret' | 'x-encrypted' | 'description'> & {
  /** A base column injected by the engine (id, createTime, version …), not declared by the schema. */
  'x-base'?: boolean;
  /**
   * A secret the caller sets (x-secret): shown as a password input, never filled. Rows answer `<name>Set` (true when one
   * is stored); an edit that leaves it empty keeps the stored one, a value replaces it.
   */
  writeOnly?: boolean;
};

export interface ClientSchema {
  $id: string;
  title: string;
  'x-title-en': string;
  type: 'object';
  'x-menu'?: string;
  /** Bindings by name (list, detail, submit, remove, parentList …). */
  'x-api': Record<string, ClientBinding>;
  'x-permissions': NonNullable<EntitySchema['x-permissions']>;
  'x-tree'?: { titleField: string; parentField: string };
  'x-order'?: string[];
  'x-unique'?: EntitySchema['x-unique'];
  /**
   * The lifecycle with each transition's guards (required, actor, actorDept, notActor, when, set): the console offers a
   * transition on a row when the row's state is in `from` (the binding's ui.when), the user holds the binding's button,
   * and transitionAllows(transition, row, user) (src/shared/transitionGuards.ts, the server's own rule) passes.
   */
  'x-states'?: EntitySchema['x-states'];
  /** The register's pages: the list binding and button codes of the main list page and of its views (x-page.views). */
  'x-page'?: EntitySchema['x-page'];
  'x-sealed'?: { field: string; value?: unknown };
  required: string[];
  properties: Record<string, ClientFieldSchema>;
}
