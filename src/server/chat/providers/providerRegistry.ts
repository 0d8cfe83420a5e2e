/**
 * Which provider answers a caller: the tenant's row of chat/provider
 * (kind 1 built-in, 2 Coze, 3 OpenAI-compatible), the built-in one when the
 * tenant has none. The row's token is stored sealed and never leaves the
 * engine's reads, so it is read here with the scoped query builder and
 * opened with the column's cipher (engine/fieldSecrets.ts).
 *
 * Tests put their own provider in front (useProviderOverride): a slow or
 * hung one, to see aborts and timeouts.
 */
import type { Db } from '../../db/pool.js';
import { entityModel } from '../../engine/entityRegistry.js';
import { fieldSecretsOf } from '../../engine/fieldSecrets.js';
import { scopedQuery } from '../../engine/scopedQuery.js';
import type { Caller } from '../../http/caller.js';
import { builtinProvider } from './builtinProvider.js';
import { ProviderError, type ChatMode, type ChatProvider } from './chatProvider.js';
import { COZE_DEFAULT_BASE_URL, cozeProvider } from './cozeProvider.js';
import { openAiProvider } from './openAiProvider.js';

export const PROVIDER_KIND = { builtin: 1, coze: 2, openai: 3 } as const;

export type ProviderOverride = (caller: Caller, mode: ChatMode) => ChatProvider | undefined;

let override: ProviderOverride | undefined;

/** Tests only: a provider chosen before the tenant's configuration (undefined: back to normal). */
export function useProviderOverride(next: ProviderOverride | undefined): void {
  override = next;
}

interface ProviderRow {
  kind: number;
  baseUrl: string | null;
  botId: string | null;
  model: string | null;
  apiKey: string | null;
}

async function tenantRow(db: Db, caller: Caller): Promise<ProviderRow | undefined> {
  const q = scopedQuery({ db, caller });
  // The tenant's row whatever the caller's data scope: the setting is the tenant's, every user is answered by it.
  const p = await q.from('chat/provider', 'p', 'tenant');
  const rows = await q.rows<ProviderRow>(
    `SELECT ${p.col('kind')} AS kind, ${p.col('baseUrl')} AS "baseUrl", ${p.col('botId')} AS "botId", ${p.col('model')} AS model, ${p.col('apiKey')} AS "apiKey"
       FROM ${p.table} WHERE ${p.scope} ORDER BY ${p.col('createTime')} LIMIT 1`,
  );
  return rows[0];
}

function openedKey(db: Db, sealed: string | null): string {
  const model = entityModel('chat/provider');
  const key = sealed ? fieldSecretsOf(db).cipher(model.table, model.field.get('apiKey')!.column).open(sealed) : undefined;
  if (!key) throw new ProviderError('the assistant provider has no usable token or API key');
  return key;
}

/** The provider of the caller's tenant; a misconfigured row is a ProviderError (the user sees the busy message). */
export async function providerFor(db: Db, caller: Caller, mode: ChatMode): Promise<ChatProvider> {
  const chosen = override?.(caller, mode);
  if (chosen) return chosen;
  const row = await tenantRow(db, caller);
  if (!row || Number(row.kind) === PROVIDER_KIND.builtin) return builtinProvider;
  if (Number(row.kind) === PROVIDER_KIND.coze) {
    if (!row.botId) throw new ProviderError('the Coze provider has no bot id');
    return cozeProvider({ baseUrl: row.baseUrl || COZE_DEFAULT_BASE_URL, token: openedKey(db, row.apiKey), botId: row.botId });
  }
  if (!row.baseUrl || !row.model) throw new ProviderError('the OpenAI-compatible provider needs a base URL and a model');
  return openAiProvider({ baseUrl: row.baseUrl, apiKey: openedKey(db, row.apiKey), model: row.model });
}
