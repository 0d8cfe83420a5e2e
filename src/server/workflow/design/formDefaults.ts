/**
 * Form defaults (contract 14 §5): every field whose x-default names a flow/formDefaultValue gets that value
 * as its "default" when a form is opened — a fixed value, the caller's id or name, the caller's department's
 * id or name, now or today. A key that no longer exists leaves the field without a default.
 */
import type { FlowFormDefaultValue } from '../../../shared/generated/entityTypes.js';
import type { DbClient, Queryable } from '../../db/pool.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';
import { databaseNow } from './databaseNow.js';
import { formContentObject, type FormField } from './formContent.js';

export const VALUE_FIXED = 1;
export const VALUE_USER_ID = 2;
export const VALUE_USER_NAME = 3;
export const VALUE_DEPT_ID = 4;
export const VALUE_DEPT_NAME = 5;
export const VALUE_NOW = 6;
export const VALUE_TODAY = 7;

interface Resolver {
  (definition: FlowFormDefaultValue): Promise<unknown>;
}

function resolverFor(ctx: LocalContext, tx: DbClient | undefined): Resolver {
  const api = localApi(ctx, tx).tenantWide();
  let now: Promise<string> | undefined;
  const nowOnce = () => (now ??= databaseNow((tx ?? ctx.db) as Queryable));
  return async (definition) => {
    switch (definition.valueType) {
      case VALUE_FIXED:
        return definition.fixedValue ?? '';
      case VALUE_USER_ID:
        return ctx.caller.userId;
      case VALUE_USER_NAME:
        return (await api.findById('system/user', ctx.caller.userId))?.realName ?? '';
      case VALUE_DEPT_ID:
        return ctx.caller.deptId ?? '';
      case VALUE_DEPT_NAME:
        return ctx.caller.deptId ? ((await api.findById('system/dept', ctx.caller.deptId))?.deptName ?? '') : '';
      case VALUE_NOW:
        return nowOnce();
      case VALUE_TODAY:
        return (await nowOnce()).slice(0, 10);
      default:
        return undefined;
    }
  };
}

/** A copy of the content with each x-default resolved into "default" (content: the stored JSON text or an object). */
export async function resolveFormDefaults(ctx: LocalContext, tx: DbClient | undefined, content: unknown): Promise<Record<string, unknown>> {
  const form = structuredClone(formContentObject(content));
  const properties = (form.properties ?? {}) as Record<string, FormField>;
  const keys = [
    ...new Set(
      Object.values(properties)
        .map((field) => field?.['x-default'])
        .filter((key): key is string => typeof key === 'string'),
    ),
  ];
  if (keys.length === 0) return form;
  const definitions = await localApi(ctx, tx)
    .tenantWide()
    .find('flow/formDefaultValue', { where: { defaultKey: keys } });
  const byKey = new Map(definitions.map((definition) => [definition.defaultKey, definition]));
  const resolve = resolverFor(ctx, tx);
  for (const field of Object.values(properties)) {
    const definition = field?.['x-default'] ? byKey.get(field['x-default']) : undefined;
    if (!definition) continue;
    const value = await resolve(definition);
    // A fixed value is free text: one holding `{{` would be compiled by Formily as script, so it is not offered.
    if (value !== undefined && !(typeof value === 'string' && value.includes('{{'))) field.default = value;
  }
  return form;
}
