/**
 * The signed-in user's own record (personal info page): read it, change the
 * personal fields, change the password. Passwords travel as md5 hex, as at
 * sign-in; the new one is stored as argon2id and every session of the user
 * ends, this one included (auth/sessions.ts: access and refresh tokens alike).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../shared/envelope.js';
import { hashPassword, isMd5Hex, verifyPassword } from '../auth/passwords.js';
import { findUserById } from '../auth/sessionUser.js';
import { endUserSessions } from '../auth/sessions.js';
import { withTransaction, type Db } from '../db/pool.js';
import { entityModel } from '../engine/entityRegistry.js';
import { quoteIdent } from '../engine/naming.js';
import { outputFields, selectList } from '../engine/sqlBuilder.js';
import { assertValid, compileValidators, pickWritable } from '../engine/validation.js';
import { badRequest, notFound } from '../http/apiError.js';

/** What a user may change about themselves; roles, departments and the account are the administrators'. */
const PERSONAL_FIELDS = ['name', 'realName', 'avatar', 'email', 'phone', 'birthday', 'sex'];

type Params = Record<string, unknown>;

function paramsOf(request: FastifyRequest): Params {
  const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Params) : {};
  return { ...body, ...(request.query as Params) };
}

async function readUser(db: Db, tenantId: string, userId: string): Promise<Record<string, unknown>> {
  const model = entityModel('system/user');
  const result = await db.query(
    `SELECT ${selectList(outputFields(model), 'u')},
            (SELECT string_agg(r.role_name, ',' ORDER BY r.sort) FROM blade_role r
              WHERE r.tenant_id = u.tenant_id AND r.is_deleted = 0 AND r.id::text = ANY(string_to_array(u.role_id, ','))) AS "roleName",
            (SELECT string_agg(d.dept_name, ',' ORDER BY d.sort) FROM blade_dept d
              WHERE d.tenant_id = u.tenant_id AND d.is_deleted = 0 AND d.id::text = ANY(string_to_array(u.dept_id, ','))) AS "deptName"
       FROM ${quoteIdent(model.table)} u WHERE u.tenant_id = $1 AND u.id = $2 AND u.is_deleted = 0`,
    [tenantId, userId],
  );
  if (!result.rows[0]) throw notFound();
  return result.rows[0];
}

export function registerCurrentUserRoutes(app: FastifyInstance, db: Db): void {
  const userModel = entityModel('system/user');
  const validators = compileValidators(userModel);

  app.get('/api/blade-system/user/info', { config: { access: 'user' } }, async (request) => {
    const caller = request.caller!;
    return ok(await readUser(db, caller.tenantId, caller.userId));
  });

  app.post('/api/blade-system/user/update-info', { config: { access: 'user' } }, async (request) => {
    const caller = request.caller!;
    const body = paramsOf(request);
    const personal = Object.fromEntries(Object.entries(body).filter(([key]) => PERSONAL_FIELDS.includes(key)));
    const data = pickWritable(userModel, personal, false);
    assertValid(userModel, validators.update, data, request.language);
    const entries = Object.entries(data).filter(([, value]) => value !== undefined);
    if (entries.length > 0) {
      const values: unknown[] = [caller.tenantId, caller.userId, caller.userId];
      const assignments = entries.map(([name, value]) => `${quoteIdent(userModel.field.get(name)!.column)} = $${values.push(value)}`);
      await db.query(
        `UPDATE blade_user SET ${assignments.join(', ')}, update_user = $3, update_time = LOCALTIMESTAMP(0), version = version + 1
          WHERE tenant_id = $1 AND id = $2 AND is_deleted = 0`,
        values,
      );
    }
    return ok(await readUser(db, caller.tenantId, caller.userId));
  });

  app.post('/api/blade-system/user/update-password', { config: { access: 'user' } }, async (request) => {
    const caller = request.caller!;
    const { oldPassword, newPassword, newPassword1 } = paramsOf(request);
    if (!oldPassword) throw badRequest('请输入原密码', 'Please enter the current password');
    if (!newPassword) throw badRequest('请输入新密码', 'Please enter the new password');
    if (!newPassword1) throw badRequest('请输入确认密码', 'Please confirm the new password');
    if (newPassword !== newPassword1) throw badRequest('请输入正确的确认密码!', 'The confirmation does not match the new password');
    if (!isMd5Hex(oldPassword) || !isMd5Hex(newPassword)) {
      throw badRequest('密码须经客户端加密后提交', 'Passwords must be sent hashed by the console (md5)');
    }
    const user = await findUserById(db, caller.tenantId, caller.userId);
    if (!user || !(await verifyPassword(user.passwordHash || undefined, oldPassword))) {
      throw badRequest('原密码不正确!', 'The current password is not correct');
    }
    const hash = await hashPassword(newPassword);
    await withTransaction(db, async (tx) => {
      await tx.query(
        `UPDATE blade_user SET password = $3, update_user = $2, update_time = LOCALTIMESTAMP(0), version = version + 1 WHERE tenant_id = $1 AND id = $2`,
        [caller.tenantId, caller.userId, hash],
      );
      await endUserSessions(tx, caller.tenantId, [caller.userId]);
    });
    return ok(null, '修改密码成功');
  });
}
