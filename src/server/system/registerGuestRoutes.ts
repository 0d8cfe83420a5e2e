/**
 * `POST /api/blade-system/user/register-guest` (tenantId, name, account,
 * password as md5, oauthId): a third-party user without a local account asks
 * for one. Public, but only a live registration ticket (the `oauth_id` a
 * social or SSO sign-in answered for an identity the provider verified) can
 * register, once, in the tenant it was issued in; the tenantId parameter
 * never chooses another tenant.
 *
 * The user is created with status 2 (pending approval), no role and no
 * department, linked to the identity, in one transaction. It cannot sign in
 * until an administrator approves it by setting the user's status to 1 (and
 * granting roles and a department; the approval screen belongs to system
 * administration).
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/envelope.js';
import { deleteRegistrationTicket, findLinkedUser, linkIdentity, lockRegistrationTicket, USER_STATUS } from '../auth/oidc/identities.js';
import { hashPassword, isMd5Hex } from '../auth/passwords.js';
import { findTenant } from '../auth/sessionUser.js';
import { nextId } from '../db/ids.js';
import { withTransaction, type Db } from '../db/pool.js';
import { badRequest } from '../http/apiError.js';
import { hasControlCharacters } from '../http/textInput.js';
import { assertMayAddAccount } from './tenantQuota.js';
import { lockNames } from '../db/transactionLocks.js';

type Params = Record<string, unknown>;

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max + 1) : '');

/** The success message of platform-core §8. */
export const REGISTRATION_SUBMITTED = {
  zh: '注册申请已提交,请耐心等待管理员通过!',
  en: 'Registration application submitted, please wait for administrator approval',
};

export function registerRegisterGuestRoutes(app: FastifyInstance, db: Db): void {
  app.post('/api/blade-system/user/register-guest', { config: { access: 'public' } }, async (request) => {
    const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Params) : {};
    const params: Params = { ...body, ...(request.query as Params) };
    const tenantId = text(params.tenantId, 12);
    const name = text(params.name, 64);
    const account = text(params.account, 64);
    const password = params.password;
    const oauthId = text(params.oauthId ?? params.oauth_id, 128);

    // The console's checks, in the same order, for callers that skip them.
    if (!tenantId) throw badRequest('请先输入租户编号', 'Please enter tenant id first');
    if (!account) throw badRequest('请先输入账号名称', 'Please enter account name first');
    if (password === undefined || password === '') throw badRequest('请先输入密码', 'Please enter password first');
    if (!isMd5Hex(password)) throw badRequest('密码格式不正确', 'The password must be sent as its md5');
    if (!name || name.length > 64 || hasControlCharacters(name))
      throw badRequest('请输入用户姓名（不超过64个字符）', 'Please enter your name (at most 64 characters)');
    if (!/^[A-Za-z0-9_.@-]{1,64}$/.test(account))
      throw badRequest('账号只能包含字母、数字和 _ . @ -，不超过64个字符', 'The account may hold letters, digits and _ . @ - only, at most 64 characters');
    if (!oauthId || oauthId.length > 128)
      throw badRequest('第三方登录信息错误或已过期，请重新登录', 'The third-party sign-in is unknown or has expired; sign in again');

    const passwordHash = await hashPassword(password);
    await withTransaction(db, async (tx) => {
      const ticket = await lockRegistrationTicket(tx, oauthId);
      if (!ticket) throw badRequest('第三方登录信息错误或已过期，请重新登录', 'The third-party sign-in is unknown or has expired; sign in again');
      if (ticket.key.tenantId !== tenantId) throw badRequest('租户信息错误!', 'The tenant does not match the third-party sign-in');
      const tenant = await findTenant(tx, tenantId);
      if (!tenant || tenant.isExpired) throw badRequest('租户不存在或已停用', 'The tenant does not exist or is disabled');
      // One account name per tenant: concurrent registrations of the same name queue here.
      await lockNames(tx, [`register-guest:${tenantId}:${account.toLowerCase()}`]);
      if (await findLinkedUser(tx, ticket.key)) throw badRequest('该第三方账号已注册，请勿重复提交', 'This third-party account is already registered');
      const taken = await tx.query(`SELECT 1 FROM blade_user WHERE tenant_id = $1 AND lower(account) = lower($2) AND is_deleted = 0`, [tenantId, account]);
      if (taken.rowCount) throw badRequest('当前账号已被使用!', 'This account is already in use');
      await assertMayAddAccount(tx, tenantId);
      const userId = nextId();
      await tx.query(
        `INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, avatar, email, role_id, dept_id, status, create_user, update_user)
         VALUES ($1, $2, $3, $4, $5, $5, $6, $7, '', '', $8, $1, $1)`,
        [
          userId,
          tenantId,
          account,
          passwordHash,
          name,
          ticket.profile.avatar || null,
          /^[^@\s]+@[^@\s]+$/.test(ticket.profile.email) ? ticket.profile.email : null,
          USER_STATUS.pendingApproval,
        ],
      );
      await linkIdentity(tx, ticket.key, userId, ticket.profile);
      await deleteRegistrationTicket(tx, oauthId);
    });
    return ok(null, REGISTRATION_SUBMITTED[request.language]);
  });
}
