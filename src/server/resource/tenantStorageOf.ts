/**
 * The application's TenantStorage, decorated on the Fastify instance by
 * registerResourceRoutes (uploadRoutes.ts) and reached by the attachment
 * actions through their request.
 */
import type { FastifyRequest } from 'fastify';
import type { TenantStorage } from '../storage/tenantStorage.js';

declare module 'fastify' {
  interface FastifyInstance {
    tenantStorage: TenantStorage;
  }
}

export function tenantStorageOf(request: FastifyRequest): TenantStorage {
  return request.server.tenantStorage;
}
