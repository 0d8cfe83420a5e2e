/**
 * GET /api/blade-system/schema/client?id=<module/entity>: the client schema
 * the console's renderers are built from (DESIGN §3, style lesson 6). It is
 * derived from the sanitized model, so defaults and implied limits match the
 * server's validation, and it keeps only what a browser needs: labels,
 * surfaces, messages, dictionary and reference bindings, permission codes and,
 * per endpoint, its name, operation, verb, path and id parameter. A secret
 * the caller sets (FieldModel.isWriteOnly) is there as `writeOnly: true` with
 * a password widget, never with a value: lists and details answer only
 * `<name>Set` (whether one is stored), and an update with it empty keeps it.
 */
import type { FastifyInstance } from 'fastify';
import type { ClientBinding, ClientFieldSchema, ClientSchema } from '../../shared/clientSchema.js';
import { ok } from '../../shared/envelope.js';
import type { EntityModel, FieldModel } from '../engine/entityModel.js';
import { titledReferences } from '../engine/referenceTitles.js';
import { badRequest, notFound } from '../http/apiError.js';

/** Field keywords that only the server may know. */
const SERVER_ONLY_FIELD_KEYS = new Set(['x-column', 'x-secret', 'x-encrypted', 'description']);

function clientField(field: FieldModel, titledNames: Set<FieldModel>): ClientFieldSchema {
  const entries = Object.entries(field.schema).filter(([key]) => !SERVER_ONLY_FIELD_KEYS.has(key));
  const out = Object.fromEntries(entries) as ClientFieldSchema;
  if (field.isBase) out['x-base'] = true;
  if (field.isWriteOnly) Object.assign(out, { writeOnly: true, 'x-component': 'password' });
  // The property of each row that carries the reference's title (lists and details answer it beside the id).
  if (titledNames.has(field)) out['x-ref-title'] = field.ref!.titleName;
  else delete out['x-ref-title'];
  return out;
}

function clientBinding(model: EntityModel, binding: EntityModel['bindings'][number]): ClientBinding {
  const out: ClientBinding = { name: binding.name, op: binding.op, method: binding.method, url: binding.url, idParam: binding.idParam };
  if (binding.button) out.button = binding.button;
  if (binding.ui) out.ui = binding.ui;
  if (binding.transition) {
    out.transition = binding.transition.name;
    // Offered only on rows in a state the move starts from.
    if (out.ui && !out.ui.when) out.ui = { ...out.ui, when: { [model.states!.field.name]: binding.transition.from } };
  }
  return out;
}

/** The client schema of one model: server-owned secrets, tables, columns, SQL conditions and row rules left out. */
export function toClientSchema(model: EntityModel): ClientSchema {
  const visible = model.fields.filter((field) => field.isOutput || field.isWriteOnly);
  const titled = new Set(titledReferences(model));
  const names = new Set(visible.map((field) => field.name));
  const schema = model.schema;
  const out: ClientSchema = {
    $id: model.id,
    title: model.title,
    'x-title-en': model.titleEn,
    type: 'object',
    'x-api': Object.fromEntries(model.bindings.map((binding) => [binding.name, clientBinding(model, binding)])),
    'x-permissions': { ...model.permissions },
    required: (schema.required ?? []).filter((name) => names.has(name)),
    properties: Object.fromEntries(visible.map((field) => [field.name, clientField(field, titled)])),
  };
  if (model.menuCode) out['x-menu'] = model.menuCode;
  if (model.tree) out['x-tree'] = { ...model.tree };
  if (schema['x-order']) out['x-order'] = [...schema['x-order']];
  if (model.states) out['x-states'] = model.states.machine;
  if (schema['x-page']) out['x-page'] = schema['x-page'];
  if (model.sealed) out['x-sealed'] = { field: model.sealed.field, value: model.sealed.value ?? 1 };
  const unique = model.unique.filter((rule) => rule.fields.every((name) => names.has(name)));
  if (unique.length > 0) out['x-unique'] = unique.map((rule) => ({ fields: [...rule.fields], message: rule.message, 'message-en': rule['message-en'] }));
  return out;
}

/**
 * `findRuntime` answers the registers that exist only at run time (the code
 * generator's, `generated/<code>`): asked when no static schema has the id,
 * so a register generated a moment ago has its page at once.
 */
export function registerClientSchemaRoutes(
  app: FastifyInstance,
  models: EntityModel[],
  findRuntime: (id: string) => Promise<EntityModel | undefined> = async () => undefined,
): void {
  const byId = new Map(models.map((model) => [model.id, toClientSchema(model)]));
  const runtimeSchemas = new WeakMap<EntityModel, ClientSchema>();
  const runtimeSchema = async (id: string): Promise<ClientSchema | undefined> => {
    const model = await findRuntime(id);
    if (!model) return undefined;
    let schema = runtimeSchemas.get(model);
    if (!schema) runtimeSchemas.set(model, (schema = toClientSchema(model)));
    return schema;
  };
  app.get('/api/blade-system/schema/client', { config: { access: 'user' } }, async (request) => {
    const { id } = request.query as { id?: unknown };
    if (typeof id !== 'string' || id === '') throw badRequest('参数 id 不能为空', 'The parameter id is required');
    const schema = byId.get(id) ?? (await runtimeSchema(id));
    if (!schema) throw notFound('没有这个实体', 'No such entity');
    return ok(schema);
  });
}
