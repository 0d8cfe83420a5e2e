/**
 * `GET /api/blade-system/tenant/info?domain=` — public: the sign-in page asks
 * which tenant serves its domain, to preselect it and show its background.
 * It answers the tenant id, name, domain and background image of an active
 * tenant, nothing else (no contact, quota, expiry or package), or null.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/envelope.js';
import type { Db } from '../db/pool.js';
import { hasControlCharacters } from '../http/textInput.js';

export interface PublicTenantInfo {
  tenantId: string;
  tenantName: string;
  domain: string;
  backgroundUrl: string | null;
}

/** Domains compare without case and without trailing slashes (`https://a.example/` is `https://A.example`). */
function normalizedDomain(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const value = raw.trim().replace(/\/+$/, '');
  return value === '' || value.length > 255 || hasControlCharacters(value) ? undefined : value.toLowerCase();
}

export function registerTenantInfoRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/blade-system/tenant/info', { config: { access: 'public' } }, async (request) => {
    const domain = normalizedDomain((request.query as Record<string, unknown>).domain);
    if (!domain) return ok(null);
    const result = await db.query<PublicTenantInfo>(
      `SELECT tenant_id AS "tenantId", tenant_name AS "tenantName", domain, background_url AS "backgroundUrl"
         FROM blade_tenant
        WHERE is_deleted = 0 AND status = 1 AND domain IS NOT NULL AND lower(rtrim(domain, '/')) = $1
        ORDER BY tenant_id LIMIT 1`,
      [domain],
    );
    return ok(result.rows[0] ?? null);
  });
}
