/**
 * Dictionaries live in data files beside the schemas: dictionaries/<module>.json, each an array of
 * {code, name, nameEn, sort?, isSealed?, remark?, entries: [{key, value, valueEn, sort?, remark?}]}
 * (schemas/meta.schema.json#/definitions/dictionaryFile). The seed writes them for every tenant;
 * codegen checks that every x-dict code is defined here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import type { DictSeed } from './seedTypes.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export class DictionaryFileError extends Error {}

interface DictionaryFileEntry {
  code: string;
  name: string;
  nameEn: string;
  sort?: number;
  isSealed?: boolean;
  remark?: string;
  entries: { key: string; value: string; valueEn: string; sort?: number; remark?: string }[];
}

function validator(root: string) {
  const meta = JSON.parse(fs.readFileSync(path.join(root, 'schemas/meta.schema.json'), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addSchema(meta);
  return ajv.compile({ $ref: `${meta.$id}#/definitions/dictionaryFile` });
}

/** Reads and validates one dictionary file; `relative` names it in errors. */
export function readDictionaryFile(file: string, relative: string, validate = validator(REPO_ROOT)): DictSeed[] {
  let document: unknown;
  try {
    document = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new DictionaryFileError(`Invalid dictionary file ${relative}: not JSON (${(error as Error).message})`);
  }
  if (!validate(document)) {
    const problems = (validate.errors ?? []).map((e) => {
      const extra = e.keyword === 'additionalProperties' ? ` "${e.params.additionalProperty}"` : '';
      return `  ${relative}: property ${e.instancePath || '/'}: ${e.message}${extra}`;
    });
    throw new DictionaryFileError(`Invalid dictionary file ${relative}:\n${[...new Set(problems)].join('\n')}`);
  }
  return (document as DictionaryFileEntry[]).map((dict) => ({
    code: dict.code,
    name: dict.name,
    nameEn: dict.nameEn,
    ...(dict.sort !== undefined ? { sort: dict.sort } : {}),
    ...(dict.isSealed ? { isSealed: true } : {}),
    ...(dict.remark !== undefined ? { remark: dict.remark } : {}),
    items: dict.entries.map((entry) => ({
      key: entry.key,
      value: entry.value,
      valueEn: entry.valueEn,
      ...(entry.sort !== undefined ? { sort: entry.sort } : {}),
      ...(entry.remark !== undefined ? { remark: entry.remark } : {}),
    })),
  }));
}

/**
 * Every dictionary of the files under `<root>/dictionaries/`, in seeding order: by `sort`, then the
 * ones without it in file order. Throws on an invalid file or a code defined twice.
 */
export function loadDictionaryFiles(root: string = REPO_ROOT): DictSeed[] {
  const dir = path.join(root, 'dictionaries');
  const validate = validator(root);
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
    : [];
  const found = new Map<string, string>();
  const all: DictSeed[] = [];
  for (const name of files) {
    const relative = `dictionaries/${name}`;
    for (const dict of readDictionaryFile(path.join(dir, name), relative, validate)) {
      const other = found.get(dict.code);
      if (other) throw new DictionaryFileError(`Invalid dictionary file ${relative}: property /code: "${dict.code}" is already defined in ${other}`);
      found.set(dict.code, relative);
      all.push(dict);
    }
  }
  const order = (dict: DictSeed, index: number) => [dict.sort ?? Number.MAX_SAFE_INTEGER, index] as const;
  return all
    .map((dict, index) => ({ dict, key: order(dict, index) }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1])
    .map(({ dict }) => dict);
}
