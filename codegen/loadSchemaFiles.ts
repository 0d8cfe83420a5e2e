/**
 * Reads every schema file under schemas/, validates it against the
 * meta-schema and sanitizes it with the engine, so a broken schema fails with
 * a message naming the file and the property.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import type { EntitySchema } from '../src/shared/entitySchema.js';
import { buildEntityModel, type EntityModel } from '../src/server/engine/entityModel.js';

export interface SchemaFile {
  file: string;
  schema: EntitySchema;
  model: EntityModel;
}

export class SchemaFileError extends Error {}

function listJsonFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return listJsonFiles(full);
      return entry.name.endsWith('.json') && entry.name !== 'meta.schema.json' ? [full] : [];
    })
    .sort();
}

export function validateSchemaDocument(metaSchema: object, document: unknown, relative: string): EntitySchema {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(metaSchema);
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

export function loadSchemaFiles(root: string): SchemaFile[] {
  const schemasDir = path.join(root, 'schemas');
  const metaSchema = JSON.parse(fs.readFileSync(path.join(schemasDir, 'meta.schema.json'), 'utf8'));
  const files: SchemaFile[] = [];
  for (const file of listJsonFiles(schemasDir)) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    let document: unknown;
    try {
      document = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      throw new SchemaFileError(`Invalid schema ${relative}: not JSON (${(error as Error).message})`);
    }
    const schema = validateSchemaDocument(metaSchema, document, relative);
    try {
      files.push({ file: relative, schema, model: buildEntityModel(schema) });
    } catch (error) {
      throw new SchemaFileError(`Invalid schema ${relative}: ${(error as Error).message}`);
    }
  }
  assertNoClashes(files);
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
