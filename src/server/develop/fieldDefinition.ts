/**
 * What a data model's field may name beyond its own shape: the register a
 * reference points at, the dictionary it is labelled by and the regular
 * expression its values must match. Checked when a field is saved (a hook of
 * develop/modelPrototype) and again when a register is generated, since a
 * dictionary can be deleted in between. The pattern's own check is in
 * fieldPattern.ts (pure).
 */
import type { Queryable } from '../db/pool.js';
import type { EntityModel } from '../engine/entityModel.js';
import { entityModels } from '../engine/entityRegistry.js';
import { patternProblem } from './fieldPattern.js';

/** A register a reference field may point at: one the console can pick rows of (its tree, or its options). */
export interface ReferenceTarget {
  id: string;
  title: string;
  titleEn: string;
  /** How the console loads its rows: a tree, or the flat options. */
  picker: 'tree' | 'options';
}

/** Modules whose registers are the platform's own machinery, never a business reference. */
const INTERNAL_MODULES = new Set(['develop', 'log']);

function pickerOf(model: EntityModel): ReferenceTarget['picker'] | undefined {
  // As the console's fetchReferenceTree finds it: a binding named tree (or of op tree), else the options.
  const usable = model.bindings.filter((binding) => binding.method === 'GET' && !binding.isPlatformOnly);
  if (usable.some((binding) => binding.name === 'tree' || binding.op === 'tree')) return 'tree';
  if (usable.some((binding) => binding.name === 'options' || binding.op === 'options')) return 'options';
  return undefined;
}

let targets: ReferenceTarget[] | undefined;

/** The registers a reference may point at, by title. */
export function referenceTargets(): ReferenceTarget[] {
  targets ??= entityModels()
    .filter((model) => !INTERNAL_MODULES.has(model.id.split('/')[0]))
    .flatMap((model) => {
      const picker = pickerOf(model);
      return picker ? [{ id: model.id, title: model.schema.title, titleEn: model.schema['x-title-en'] ?? model.schema.title, picker }] : [];
    })
    .sort((a, b) => a.id.localeCompare(b.id));
  return targets;
}

export function isReferenceTarget(id: string): boolean {
  return referenceTargets().some((target) => target.id === id);
}

/** The dictionary codes of the list that the tenant has (a parent row of blade_dict). */
export async function knownDictionaries(db: Queryable, tenantId: string, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const found = await db.query<{ code: string }>(
    'SELECT DISTINCT code FROM blade_dict WHERE tenant_id = $1 AND code = ANY($2) AND parent_id = 0 AND is_deleted = 0',
    [tenantId, [...new Set(codes)]],
  );
  return new Set(found.rows.map((row) => row.code));
}

/** The part of a saved field that names something outside it. */
export interface FieldNames {
  propertyType?: unknown;
  refSchema?: unknown;
  dictCode?: unknown;
  fieldPattern?: unknown;
}

export interface DefinitionProblem {
  field: keyof FieldNames;
  zh: string;
  en: string;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Why a field cannot be saved as it is: an unknown register or dictionary, or an unusable pattern. */
export async function definitionProblem(db: Queryable, tenantId: string, row: FieldNames): Promise<DefinitionProblem | undefined> {
  const target = textOf(row.refSchema);
  if (row.propertyType === 'reference' && !target) {
    return { field: 'refSchema', zh: '请选择引用的登记表', en: 'Please choose the register the field refers to' };
  }
  if (target && !isReferenceTarget(target)) {
    return { field: 'refSchema', zh: `引用的登记表“${target}”不存在或不能被引用`, en: `The register "${target}" does not exist or cannot be referred to` };
  }
  const dict = textOf(row.dictCode);
  if (dict && !(await knownDictionaries(db, tenantId, [dict])).has(dict)) {
    return { field: 'dictCode', zh: `字典“${dict}”不存在`, en: `The dictionary "${dict}" does not exist` };
  }
  const pattern = typeof row.fieldPattern === 'string' ? row.fieldPattern : '';
  const problem = pattern ? patternProblem(pattern) : undefined;
  return problem ? { field: 'fieldPattern', ...problem } : undefined;
}
