/**
 * Proxies (flow/proxy, contract 14 §1): while a proxy is enabled and `at` lies within its start and end, a task
 * assigned to the principal for one of its process keys (none listed = every process) goes to the proxy; the
 * runtime keeps the principal as the task's owner. The newest matching proxy wins when several overlap.
 */
import type { FlowProxy } from '../../../shared/generated/entityTypes.js';
import type { DbClient } from '../../db/pool.js';
import { localApi, type LocalContext } from '../../engine/localApi.js';

export function proxyCovers(proxy: Pick<FlowProxy, 'processKeys'>, processKey: string): boolean {
  const keys = (proxy.processKeys ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  return keys.length === 0 || keys.includes(processKey);
}

/** The proxy acting for userId on processKey at the time `at` (yyyy-MM-dd HH:mm:ss), or undefined. */
export async function activeProxyFor(
  ctx: LocalContext,
  tx: DbClient | undefined,
  userId: string,
  processKey: string,
  at: string,
): Promise<FlowProxy | undefined> {
  const proxies = await localApi(ctx, tx)
    .tenantWide()
    .find('flow/proxy', {
      where: { principalId: userId, enabled: 1, startTime: { le: at }, endTime: { ge: at } },
      sort: ['createTime desc'],
      limit: 100,
    });
  return proxies.find((proxy) => proxy.proxyId !== userId && proxyCovers(proxy, processKey));
}
