/**
 * What every log row says about the request it describes: whose tenant,
 * which user, which URI (secrets masked), from where and with what.
 */
import type { FastifyRequest } from 'fastify';
import { scrubbedUri } from './scrub.js';

export interface RequestFacts {
  tenantId: string;
  createUser: string | null;
  createBy: string | null;
  method: string;
  requestUri: string;
  remoteIp: string;
  userAgent: string | null;
}

const TENANT_ID = /^[A-Za-z0-9]{1,12}$/;
export const PLATFORM_TENANT = '000000';

/**
 * A signed-in caller's tenant; for a public request (a sign-in) the tenant it
 * names, which is only where its row is filed, never a grant of anything.
 */
function tenantOf(request: FastifyRequest): string {
  if (request.caller) return request.caller.tenantId;
  const header = request.headers['tenant-id'];
  const query = (request.query ?? {}) as Record<string, unknown>;
  const named = typeof header === 'string' ? header : typeof query.tenantId === 'string' ? query.tenantId : '';
  return TENANT_ID.test(named) ? named : PLATFORM_TENANT;
}

export function requestFacts(request: FastifyRequest): RequestFacts {
  const userAgent = request.headers['user-agent'];
  return {
    tenantId: tenantOf(request),
    createUser: request.caller?.userId ?? null,
    createBy: request.caller?.account ?? null,
    method: request.method,
    requestUri: scrubbedUri(request.url, request.routeOptions?.url, request.params),
    remoteIp: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
  };
}
