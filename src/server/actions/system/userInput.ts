/**
 * A user record as the forms and SpringBlade clients send it, made ready for
 * the schema's validation and checked against the tenant: roleIds/deptIds/
 * postIds (arrays or comma lists) become the stored comma lists, an empty
 * optional box clears its field, and every role, department and post must
 * be the caller's tenant's (roles also within the caller's reach), and so
 * must the reservoirs a user is responsible for.
 */
import { isIdString } from '../../db/ids.js';
import type { Queryable } from '../../db/pool.js';
import type { ActionContext } from '../../engine/actions.js';
import type { EntityModel } from '../../engine/entityModel.js';
import { entityModels } from '../../engine/entityRegistry.js';
import { quoteIdent } from '../../engine/naming.js';
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

async function missingIds(db: Queryable, table: 'blade_role' | 'blade_dept' | 'blade_post', tenantId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db.query<{ id: string }>(`SELECT id::text AS id FROM ${table} WHERE tenant_id = $1 AND is_deleted = 0 AND id = ANY($2::bigint[])`, [tenantId, ids]);
  const present = new Set(found.rows.map((row) => row.id));
  return ids.filter((id) => !present.has(id));
}

const REFERENCE_ERRORS = {
  blade_role: { field: 'roleId', zh: '所选角色不存在', en: 'A chosen role does not exist' },
  blade_dept: { field: 'deptId', zh: '所选部门不存在', en: 'A chosen department does not exist' },
  blade_post: { field: 'postId', zh: '所选岗位不存在', en: 'A chosen post does not exist' },
} as const;

/** Refuses roles, departments, posts or reservoirs that are not the tenant's. */
export async function assertReferencesExist(db: Queryable, caller: Caller, language: 'zh' | 'en', body: Params): Promise<void> {
  for (const table of ['blade_role', 'blade_dept', 'blade_post'] as const) {
    const error = REFERENCE_ERRORS[table];
    if (isBlank(body[error.field])) continue;
    if ((await missingIds(db, table, caller.tenantId, splitIds(body[error.field]))).length > 0) {
      throw badRequest(error.zh, error.en, { errors: [{ field: error.field, message: language === 'zh' ? error.zh : error.en }] });
    }
  }
  await assertReservoirsExist(db, caller, language, body.reservoirIds);
}

/** reservoirIds name reservoirs of the tenant's archive (when the archive register is installed). */
async function assertReservoirsExist(db: Queryable, caller: Caller, language: 'zh' | 'en', raw: unknown): Promise<void> {
  if (!Array.isArray(raw) || raw.length === 0) return;
  const reservoirs = entityModels().find((m) => m.id === 'reservoir/reservoir');
  if (!reservoirs) return;
  const ids = raw.map(String);
  const refused = () => badRequest('所选水库不存在', 'A chosen reservoir does not exist', { errors: [{ field: 'reservoirIds', message: language === 'zh' ? '所选水库不存在' : 'A chosen reservoir does not exist' }] });
  if (ids.some((id) => !isIdString(id))) throw refused();
  const found = await db.query(`SELECT 1 FROM ${quoteIdent(reservoirs.table)} WHERE tenant_id = $1 AND is_deleted = 0 AND id = ANY($2::bigint[])`, [caller.tenantId, [...new Set(ids)]]);
  if (found.rows.length !== new Set(ids).size) throw refused();
}

/**
 * Roles given or taken away must be within the caller's reach; roles the
 * user keeps are not looked at (editing a user's name needs no role rights).
 */
export async function assertRoleChangeWithinReach(db: Queryable, caller: Caller, before: string[], after: string[]): Promise<void> {
  const changed = [...after.filter((id) => !before.includes(id)), ...before.filter((id) => !after.includes(id))];
  if (changed.length === 0) return;
  // A role deleted since it was given no longer counts either way.
  const existing = await db.query<{ id: string }>('SELECT id::text AS id FROM blade_role WHERE tenant_id = $1 AND is_deleted = 0 AND id = ANY($2::bigint[])', [
    caller.tenantId,
    changed,
  ]);
  if (existing.rows.length === 0) return;
  const reach = await rolesWithinReach(db, caller);
  if (existing.rows.some((row) => !reach.has(row.id))) {
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
