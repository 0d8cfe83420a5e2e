/**
 * A user record as the forms and SpringBlade clients send it, made ready for
 * the schema's validation and checked against the tenant: roleIds/deptIds/
 * postIds (arrays or comma lists) become the stored comma lists, an empty
 * optional box clears its field, and every role, department and post must
 * be the caller's tenant's (roles also within the caller's reach), and so
 * must the reservoirs a user is responsible for.
 */
import { isIdString } from '../../db/ids.js';
import type { DbClient, Queryable } from '../../db/pool.js';
import { localApi, type LocalApi, type LocalContext } from '../../engine/localApi.js';
import type { ActionContext } from '../../engine/actions.js';
import type { EntityModel } from '../../engine/entityModel.js';
import { entityModels } from '../../engine/entityRegistry.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import { assertValid, compileValidators, pickWritable, type EntityValidators } from '../../engine/validation.js';
import { ApiError, badRequest } from '../../http/apiError.js';
import type { RowScope } from '../../engine/sqlBuilder.js';
import type { Caller } from '../../http/caller.js';
import { bodyObject, isBlank, joinedIds, splitIds, type Params } from './actionParams.js';
import { rolesWithinReach } from './roleReach.js';

const LISTS: [stored: string, alias: string][] = [
  ['roleId', 'roleIds'],
  ['deptId', 'deptIds'],
  ['postId', 'postIds'],
];

/** Optional fields whose pattern or format an empty string cannot meet: empty means "none". */
const CLEARED_WHEN_EMPTY = ['phone', 'email', 'birthday', 'roleId', 'deptId', 'postId', 'code', 'avatar'];

export function normalizedUserBody(raw: unknown): Params {
  const body = { ...bodyObject(raw) };
  for (const [stored, alias] of LISTS) {
    if (body[stored] === undefined && body[alias] !== undefined) body[stored] = body[alias];
    delete body[alias];
    if (body[stored] !== undefined) body[stored] = joinedIds(body[stored]);
  }
  for (const name of CLEARED_WHEN_EMPTY) if (body[name] === '') body[name] = null;
  return body;
}

const validatorCache = new WeakMap<EntityModel, EntityValidators>();

/** The schema's checks, field by field, before anything is looked up (a bad field is named, whatever else is wrong). */
export function assertValidUser(ctx: ActionContext, body: Params, isCreate: boolean): void {
  let validators = validatorCache.get(ctx.model);
  if (!validators) validatorCache.set(ctx.model, (validators = compileValidators(ctx.model)));
  const picked = pickWritable(ctx.model, body, isCreate);
  assertValid(ctx.model, isCreate ? validators.create : validators.update, picked, ctx.language);
}

const REFERENCES = [
  { register: 'system/role', field: 'roleId', zh: '所选角色不存在', en: 'A chosen role does not exist' },
  { register: 'system/dept', field: 'deptId', zh: '所选部门不存在', en: 'A chosen department does not exist' },
  { register: 'system/post', field: 'postId', zh: '所选岗位不存在', en: 'A chosen post does not exist' },
] as const;

/** Refuses roles, departments, posts or reservoirs that are not the tenant's. */
export async function assertReferencesExist(ctx: LocalContext, tx: Queryable, body: Params): Promise<void> {
  const api = localApi(ctx, tx as DbClient).tenantWide();
  for (const reference of REFERENCES) {
    if (isBlank(body[reference.field])) continue;
    const ids = [...new Set(splitIds(body[reference.field]))];
    if ((await api.count(reference.register, { id: ids })) !== ids.length) {
      throw badRequest(reference.zh, reference.en, { errors: [{ field: reference.field, message: ctx.language === 'zh' ? reference.zh : reference.en }] });
    }
  }
  await assertReservoirsExist(api, ctx.language, body.reservoirIds);
}

/** reservoirIds name reservoirs of the tenant's archive (when the archive register is installed). */
async function assertReservoirsExist(api: LocalApi, language: 'zh' | 'en', raw: unknown): Promise<void> {
  if (!Array.isArray(raw) || raw.length === 0) return;
  if (!entityModels().some((m) => m.id === 'reservoir/reservoir')) return;
  const ids = raw.map(String);
  const refused = () =>
    badRequest('所选水库不存在', 'A chosen reservoir does not exist', {
      errors: [{ field: 'reservoirIds', message: language === 'zh' ? '所选水库不存在' : 'A chosen reservoir does not exist' }],
    });
  if (ids.some((id) => !isIdString(id))) throw refused();
  if ((await api.count('reservoir/reservoir', { id: [...new Set(ids)] })) !== new Set(ids).size) throw refused();
}

/**
 * Roles given or taken away must be within the caller's reach; roles the
 * user keeps are not looked at (editing a user's name needs no role rights).
 */
export async function assertRoleChangeWithinReach(db: Queryable, caller: Caller, before: string[], after: string[]): Promise<void> {
  const changed = [...after.filter((id) => !before.includes(id)), ...before.filter((id) => !after.includes(id))];
  if (changed.length === 0) return;
  // A role deleted since it was given no longer counts either way.
  const q = scopedQuery({ db, caller });
  const r = await q.from('system/role', 'r', 'tenant');
  const existing = await q.rows<{ id: string }>(`SELECT ${r.col('id')}::text AS id FROM ${r.table} WHERE ${r.scope} AND ${r.where({ id: changed })}`);
  if (existing.length === 0) return;
  const reach = await rolesWithinReach(db, caller);
  if (existing.some((row) => !reach.has(row.id))) {
    throw new ApiError(403, { zh: '无权分配该角色：角色的权限超出了您的权限范围', en: 'Refused: that role holds permissions beyond your own' });
  }
}

/**
 * Under a data scope, users go only into departments the scope covers: a
 * manager of one department cannot place accounts elsewhere (nor move them
 * out of sight).
 */
export function assertDepartmentsInScope(scope: RowScope, body: Params): void {
  const restriction = scope.restriction;
  if (!restriction || body.deptId === undefined) return;
  const allowed = new Set(restriction.deptIds);
  const wanted = splitIds(body.deptId);
  if (wanted.length === 0 || wanted.some((id) => !allowed.has(id))) {
    throw new ApiError(403, { zh: '只能把用户放在您的数据权限范围内的部门', en: 'You may place users only in departments within your data scope' });
  }
}
