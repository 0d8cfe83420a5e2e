/**
 * OAuth clients: the Basic header of every token request names a registered
 * client and its secret, and the client must allow the grant type.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../db/pool.js';
import { ApiError } from '../http/apiError.js';

export interface ClientRecord {
  clientId: string;
  grantTypes: string[];
  accessTokenValidity: number;
  refreshTokenValidity: number;
}

export function hashClientSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

const clientError = () => new ApiError(401, { zh: '客户端认证失败!', en: 'Client authentication failed' });

export function parseBasicHeader(header: string | string[] | undefined): { clientId: string; secret: string } | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Basic(?:\s+|%20)([A-Za-z0-9+/=]+)$/i.exec(value.trim()) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { clientId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export async function authenticateClient(db: Queryable, header: string | string[] | undefined): Promise<ClientRecord> {
  const credentials = parseBasicHeader(header);
  if (!credentials || credentials.clientId.length > 64) throw clientError();
  const result = await db.query(
    `SELECT client_id, client_secret, authorized_grant_types, access_token_validity, refresh_token_validity
       FROM blade_client WHERE client_id = $1 AND is_deleted = 0 AND status = 1`,
    [credentials.clientId],
  );
  const row = result.rows[0];
  const presented = Buffer.from(hashClientSecret(credentials.secret));
  const stored = Buffer.from(row?.client_secret ?? hashClientSecret(crypto.randomUUID()));
  if (!row || presented.length !== stored.length || !crypto.timingSafeEqual(presented, stored)) throw clientError();
  return {
    clientId: row.client_id,
    grantTypes: String(row.authorized_grant_types ?? '')
      .split(',')
      .map((s) => s.trim()),
    accessTokenValidity: row.access_token_validity,
    refreshTokenValidity: row.refresh_token_validity,
  };
}
