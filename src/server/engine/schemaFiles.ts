/**
 * The one source of schemas at run time: reads every schema file under
 * schemas/, resolves its `x-extends` (a template of schemas/templates/ with
 * parameters, merged with the file's own keys), validates the result against
 * the meta-schema and sanitizes it with the engine, so a broken schema fails
 * with a message naming the file and the property. The server loads them once
 * per process (entityRegistry.ts); codegen and the tests load them too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import type { EntitySchema } from '../../shared/entitySchema.js';
import { BASE_FIELDS, buildEntityModel, type EntityModel } from './entityModel.js';

/** The project root (where schemas/ lives), found from this file, whatever the working directory. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Folder of schema templates under schemas/: not registers; schemas name them in `x-extends`. */
export const TEMPLATES_DIR = 'templates';

export interface SchemaFile {
  file: string;
  schema: EntitySchema;
  model: EntityModel;
}

export class SchemaFileError extends Error {}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function listJsonFiles(dir: string, skipTemplates: boolean): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return skipTemplates && entry.name === TEMPLATES_DIR ? [] : listJsonFiles(full, false);
      return entry.name.endsWith('.json') && entry.name !== 'meta.schema.json' ? [full] : [];
    })
    .sort();
}

const compiled = new WeakMap<object, ValidateFunction>();

function validatorOf(metaSchema: object): ValidateFunction {
  let validate = compiled.get(metaSchema);
  if (!validate) {
    validate = new Ajv({ allErrors: true, strict: false }).compile(metaSchema);
    compiled.set(metaSchema, validate);
  }
  return validate;
}

export function validateSchemaDocument(metaSchema: object, document: unknown, relative: string): EntitySchema {
  const validate = validatorOf(metaSchema);
  if (!validate(document)) {
    const problems = (validate.errors ?? []).map((e) => {
      const where = e.instancePath || '/';
      const extra = e.keyword === 'additionalProperties' ? ` "${e.params.additionalProperty}"` : '';
      return `  ${relative}: property ${where}: ${e.message}${extra}`;
    });
    throw new SchemaFileError(`Invalid schema ${relative}:\n${[...new Set(problems)].join('\n')}`);
  }
  const schema = document as EntitySchema;
  const expectedId = relative.replace(/^schemas\//, '').replace(/\.json$/, '');
  if (schema.$id !== expectedId) {
    throw new SchemaFileError(`Invalid schema ${relative}: property /$id: is "${schema.$id}" but the file path says "${expectedId}"`);
  }
  return schema;
}

// ---------------------------------------------------------------------------------------------
// x-extends: templates with parameters
// ---------------------------------------------------------------------------------------------

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

function readJson(file: string, relative: string): Json {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Json;
  } catch (error) {
    throw new SchemaFileError(`Invalid schema ${relative}: not JSON (${(error as Error).message})`);
  }
}

/**
 * Replaces `{name}` of every declared parameter in the template's strings, keys included. A string
 * that is exactly `{name}` takes the parameter's value as it is (a number, an array, or null, which
 * removes the entry). Other braces (`{id}` in a route, `{deptRegionCode}`) are left alone.
 */
function substitute(value: Json, params: Record<string, Json>, used: Set<string>): Json | undefined {
  const names = Object.keys(params);
  const inText = (text: string): string =>
    names.reduce((out, name) => {
      if (!out.includes(`{${name}}`)) return out;
      used.add(name);
      const replacement = params[name];
      return out
        .split(`{${name}}`)
        .join(typeof replacement === 'string' || typeof replacement === 'number' ? String(replacement) : JSON.stringify(replacement));
    }, text);
  if (typeof value === 'string') {
    const whole = /^\{([A-Za-z][A-Za-z0-9]*)\}$/.exec(value);
    if (whole && whole[1] in params) {
      used.add(whole[1]);
      return params[whole[1]] === null ? undefined : params[whole[1]];
    }
    return inText(value);
  }
  if (Array.isArray(value)) return value.map((item) => substitute(item, params, used)).filter((item): item is Json => item !== undefined);
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value)) {
      const resolved = substitute(item, params, used);
      if (resolved !== undefined) out[inText(key)] = resolved;
    }
    return out;
  }
  return value;
}

/**
 * Merges two ordered maps by name. The result keeps the template's order; an own entry the
 * template lacks goes right before the next own entry the template has (at the end when none
 * follows: `{}` names an entry without changing it). null removes an entry; `entry` merges an
 * entry both have.
 */
function mergeByName(base: JsonObject, own: JsonObject, entry: (base: Json, own: Json) => Json): JsonObject {
  const baseKeys = Object.keys(base);
  const out: JsonObject = {};
  let next = 0;
  let pending: string[] = [];
  const emitBaseBefore = (stop: number) => {
    for (; next < stop; next += 1) {
      const key = baseKeys[next];
      if (!(key in own)) out[key] = base[key];
    }
  };
  const emitPending = () => {
    for (const key of pending) if (own[key] !== null) out[key] = own[key];
    pending = [];
  };
  for (const [key, value] of Object.entries(own)) {
    const at = baseKeys.indexOf(key);
    if (at < 0) {
      pending.push(key);
      continue;
    }
    emitBaseBefore(at);
    emitPending();
    if (next === at) next += 1;
    if (value !== null) out[key] = entry(base[key], value);
  }
  emitBaseBefore(baseKeys.length);
  emitPending();
  return out;
}

/** Two objects merge key by key at every depth (own wins, null removes); anything else: the own value replaces. */
function deepMerge(base: Json, own: Json): Json {
  return isObject(base) && isObject(own) ? mergeByName(base, own, deepMerge) : own;
}

/** Names in order: the template's, with own new names placed as mergeByName places entries. */
function unionNames(base: string[], own: string[]): string[] {
  const asMap = (names: string[]) => Object.fromEntries(names.map((name) => [name, true])) as JsonObject;
  return Object.keys(mergeByName(asMap(base), asMap(own), (_b, o) => o));
}

/**
 * The merge of a template (parameters substituted) with a schema's own keys. Objects merge by
 * name at every depth (`properties` field by field, `x-api` binding by binding, `x-menu`, `x-page`
 * …): a name both have merges, a name set to null is removed, a new name is added (see mergeByName
 * for the order). `required` is the union, less the properties removed. Anything else (strings,
 * numbers, arrays such as enum, x-order or x-unique): the own value wins.
 */
export function mergeSchemas(templateBody: Record<string, unknown>, ownKeys: Record<string, unknown>): Record<string, unknown> {
  const template = templateBody as JsonObject;
  const own = ownKeys as JsonObject;
  const out = mergeByName(template, own, deepMerge);
  if (Array.isArray(template.required) && Array.isArray(own.required)) out.required = unionNames(template.required as string[], own.required as string[]);
  const ownProperties = own.properties;
  if (Array.isArray(out.required) && isObject(ownProperties)) {
    out.required = (out.required as string[]).filter((name) => ownProperties[name] !== null);
  }
  return out;
}

interface Template {
  file: string;
  parameters: Record<string, Json>;
  body: JsonObject;
}

function loadTemplate(
  schemasDir: string,
  root: string,
  name: string,
  fail: (pointer: string, problem: string) => SchemaFileError,
  cache: Map<string, Template>,
): Template {
  const cached = cache.get(name);
  if (cached) return cached;
  if (!/^[a-z][A-Za-z0-9]*(\/[a-z][A-Za-z0-9]*)*$/.test(name))
    throw fail('/x-extends/template', `"${name}" is not a template name (a path under schemas/${TEMPLATES_DIR}/ without .json)`);
  const file = path.join(schemasDir, TEMPLATES_DIR, `${name}.json`);
  if (!fs.existsSync(file)) throw fail('/x-extends/template', `no template schemas/${TEMPLATES_DIR}/${name}.json`);
  const relative = path.relative(root, file).split(path.sep).join('/');
  const document = readJson(file, relative);
  if (!isObject(document) || !isObject(document['x-parameters'])) {
    throw new SchemaFileError(`Invalid schema template ${relative}: property /x-parameters: a template declares its parameters (name → what it is)`);
  }
  if ('x-extends' in document) throw new SchemaFileError(`Invalid schema template ${relative}: property /x-extends: a template does not extend another`);
  const { 'x-parameters': parameters, ...body } = document;
  const template = { file: relative, parameters, body };
  cache.set(name, template);
  return template;
}

/** A schema file's document with its `x-extends` resolved: what the meta-schema validates. */
function resolveExtends(document: Json, relative: string, schemasDir: string, root: string, cache: Map<string, Template>): Json {
  if (!isObject(document) || !('x-extends' in document)) return document;
  const fail = (pointer: string, problem: string) => new SchemaFileError(`Invalid schema ${relative}: property ${pointer}: ${problem}`);
  const { 'x-extends': extend, ...own } = document;
  if (!isObject(extend) || typeof extend.template !== 'string') throw fail('/x-extends', 'must be {"template": "<name>", "with": {parameters}}');
  const extra = Object.keys(extend).find((key) => key !== 'template' && key !== 'with');
  if (extra) throw fail(`/x-extends/${extra}`, 'unknown key (template, with)');
  const given = extend.with ?? {};
  if (!isObject(given)) throw fail('/x-extends/with', 'must be an object of parameter values');
  const template = loadTemplate(schemasDir, root, extend.template, fail, cache);
  for (const name of Object.keys(given)) {
    if (!(name in template.parameters))
      throw fail(`/x-extends/with/${name}`, `${template.file} has no parameter "${name}" (it has ${Object.keys(template.parameters).join(', ')})`);
  }
  for (const name of Object.keys(template.parameters)) {
    if (!(name in given)) throw fail('/x-extends/with', `parameter "${name}" of ${template.file} is missing`);
  }
  const used = new Set<string>();
  const body = substitute(template.body, given, used) as JsonObject;
  const unused = Object.keys(template.parameters).find((name) => !used.has(name));
  if (unused) throw new SchemaFileError(`Invalid schema template ${template.file}: property /x-parameters/${unused}: not used in the template`);
  return mergeSchemas(body, own) as JsonObject;
}

// ---------------------------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------------------------

/** Every register under `<root>/schemas/` (templates resolved, validated, sanitized), in file order. */
export function loadSchemaFiles(root: string = PROJECT_ROOT): SchemaFile[] {
  const schemasDir = path.join(root, 'schemas');
  const metaSchema = JSON.parse(fs.readFileSync(path.join(schemasDir, 'meta.schema.json'), 'utf8'));
  const templates = new Map<string, Template>();
  const files: SchemaFile[] = [];
  for (const file of listJsonFiles(schemasDir, true)) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    const document = resolveExtends(readJson(file, relative), relative, schemasDir, root, templates);
    const schema = validateSchemaDocument(metaSchema, document, relative);
    try {
      files.push({ file: relative, schema, model: buildEntityModel(schema) });
    } catch (error) {
      throw new SchemaFileError(`Invalid schema ${relative}: ${(error as Error).message}`);
    }
  }
  assertNoClashes(files);
  assertReferencesKnown(files);
  return files;
}

function assertNoClashes(files: SchemaFile[]): void {
  const tables = new Map<string, string>();
  const routes = new Map<string, string>();
  for (const { file, model } of files) {
    const owner = tables.get(model.table);
    if (owner) throw new SchemaFileError(`Invalid schema ${file}: property /x-table: "${model.table}" is already used by ${owner}`);
    tables.set(model.table, file);
    for (const binding of model.bindings) {
      const key = `${binding.method} ${binding.url}`;
      const other = routes.get(key);
      if (other) throw new SchemaFileError(`Invalid schema ${file}: property /x-api/${binding.name}: route ${key} is already bound in ${other}`);
      routes.set(key, file);
    }
  }
}

/**
 * Every `x-ref` (a field, an action's fields, an item of an array) names a register, and an
 * `x-ref-key` beside it names a field of that register.
 */
function assertReferencesKnown(files: SchemaFile[]): void {
  const schemas = new Map(files.map((f) => [f.schema.$id, f.schema]));
  for (const { file, schema } of files) {
    const visit = (node: unknown, pointer: string): void => {
      if (Array.isArray(node)) {
        node.forEach((item, index) => visit(item, `${pointer}/${index}`));
        return;
      }
      if (!isObject(node)) return;
      const target = node['x-ref'];
      if (typeof target === 'string') {
        const referenced = schemas.get(target);
        if (!referenced) throw new SchemaFileError(`Invalid schema ${file}: property ${pointer}/x-ref: no schema "${target}"`);
        const key = node['x-ref-key'];
        if (typeof key === 'string' && !(key in referenced.properties) && !(key in BASE_FIELDS)) {
          throw new SchemaFileError(`Invalid schema ${file}: property ${pointer}/x-ref-key: "${target}" has no field "${key}"`);
        }
      }
      for (const [key, value] of Object.entries(node)) visit(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    };
    visit(schema, '');
  }
}
