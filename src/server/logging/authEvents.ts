/**
 * Sign-in, logout and password events for the general log, observed at the
 * HTTP boundary: the route, the answer's status and a few fields of its
 * body (never a token) tell what happened, so the auth code needs no
 * logging calls of its own and every grant type is covered alike.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { usualEntryOf, type UsualLogEntry } from './usualLog.js';

/** The fields of an answer the logs may keep (the token response also carries tokens: never kept). */
export interface AnswerFacts {
  msg?: string;
  userId?: string;
  account?: string;
  tenantId?: string;
}

export function answerFactsOf(payload: unknown): AnswerFacts | undefined {
  if (typeof payload !== 'string' || payload.length > 256 * 1024 || !payload.startsWith('{')) return undefined;
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 500) : undefined);
    return { msg: text(body.error_description) ?? text(body.msg), userId: text(body.user_id), account: text(body.account), tenantId: text(body.tenant_id) };
  } catch {
    return undefined;
  }
}

const GRANT_LABELS: Record<string, string> = {
  password: '账号密码',
  captcha: '账号密码',
  social: '第三方账号',
  authorization_code: '单点登录',
  secret: '授权密钥',
};

type Params = Record<string, unknown>;

function paramsOf(request: FastifyRequest): Params {
  const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Params) : {};
  return { ...body, ...((request.query ?? {}) as Params) };
}

function signIn(request: FastifyRequest, isSuccess: boolean, answer: AnswerFacts | undefined, grant: string): UsualLogEntry | null {
  const label = GRANT_LABELS[grant];
  if (!label) return null; // refresh_token and unknown grants are not sign-ins
  const params = paramsOf(request);
  const attempted = typeof params.username === 'string' ? params.username : typeof params.account === 'string' ? params.account : null;
  if (isSuccess) {
    const entry = usualEntryOf(request, 'login', `登录成功（${label}）`);
    return { ...entry, tenantId: answer?.tenantId ?? entry.tenantId, userId: answer?.userId ?? null, account: answer?.account ?? attempted };
  }
  return { ...usualEntryOf(request, 'login_failure', `登录失败（${label}）：${answer?.msg ?? '未知原因'}`, 'WARN'), account: attempted?.slice(0, 64) ?? null };
}

type Describe = (request: FastifyRequest, isSuccess: boolean, answer: AnswerFacts | undefined) => UsualLogEntry | null;

const simple =
  (event: string, done: string, failed?: string): Describe =>
  (request, isSuccess, answer) => {
    if (isSuccess) return usualEntryOf(request, event, done);
    return failed ? usualEntryOf(request, `${event}_failure`, `${failed}：${answer?.msg ?? '未知原因'}`, 'WARN') : null;
  };

const EVENTS: Record<string, Describe> = {
  'POST /api/blade-auth/oauth/token': (request, isSuccess, answer) => {
    const params = paramsOf(request);
    const grant = String(params.grant_type ?? params.grantType ?? 'password');
    return signIn(request, isSuccess, answer, grant);
  },
  'GET /api/blade-auth/oauth/authBySecret/:secret': (request, isSuccess, answer) => signIn(request, isSuccess, answer, 'secret'),
  'GET /api/blade-auth/oauth/logout': simple('logout', '退出登录'),
  'POST /api/blade-auth/oauth/logout': simple('logout', '退出登录'),
  'POST /api/blade-auth/oauth/secret': simple('secret_issue', '签发登录密钥', '签发登录密钥失败'),
  'POST /api/blade-system/user/update-password': simple('password_change', '修改密码', '修改密码失败'),
  'POST /api/blade-system/user/reset-password': simple('password_reset', '重置密码', '重置密码失败'),
  'POST /api/blade-system/user/unlock': simple('account_unlock', '解锁账号'),
};

/** Whether the answer of this request is wanted for an event. */
export function isAuthEventRoute(request: FastifyRequest): boolean {
  return Object.hasOwn(EVENTS, `${request.method} ${request.routeOptions?.url}`);
}

/** The general-log entry of a sign-in, logout or password request, or null for any other request. */
export function authEventOf(request: FastifyRequest, reply: FastifyReply, answer: AnswerFacts | undefined): UsualLogEntry | null {
  if (!isAuthEventRoute(request)) return null;
  const describe = EVENTS[`${request.method} ${request.routeOptions?.url}`];
  const isSuccess = reply.statusCode < 300;
  // A request refused before it was understood (no token, no permission) is the API log's business.
  if (!isSuccess && (reply.statusCode === 401 || reply.statusCode === 403) && request.routeOptions?.config?.access !== 'public') return null;
  return describe(request, isSuccess, answer);
}
