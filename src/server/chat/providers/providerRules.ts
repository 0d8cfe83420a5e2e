/**
 * Rules of the provider register (chat/provider) beyond its schema: one row
 * per tenant (the assistant has one configuration), and the fields the kind
 * needs — Coze a bot id, an OpenAI-compatible endpoint a base URL and a
 * model, both a key when the row is created. The key (apiKey) is the
 * engine's write-only secret, stored sealed; an edit that leaves it empty
 * keeps the stored one.
 */
import { defineHooks } from '../../engine/hooks.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest } from '../../http/apiError.js';
import { COZE_DEFAULT_BASE_URL } from './cozeProvider.js';
import { PROVIDER_KIND } from './providerRegistry.js';

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

defineHooks('chat/provider', {
  async beforeChange({ ctx, tx, operation, merged, data }) {
    if (operation !== 'update') {
      // Under the transaction: two administrators saving at once both see no row only if neither committed yet,
      // which leaves a second row that the registry ignores (it reads the oldest).
      const existing = await localApi(ctx, tx, 'tenant').count('chat/provider', {});
      if (existing > 0) throw badRequest('本租户已有智能助手设置，请修改已有的一条', 'This tenant already has assistant settings; edit the existing one');
    }
    const kind = Number(merged.kind);
    if (kind === PROVIDER_KIND.coze) {
      if (isBlank(merged.botId)) throw badRequest('扣子服务需要填写智能体 ID', 'Coze needs the bot ID', { field: 'botId' });
      if (isBlank(merged.baseUrl)) data.baseUrl = COZE_DEFAULT_BASE_URL;
    }
    if (kind === PROVIDER_KIND.openai) {
      if (isBlank(merged.baseUrl))
        throw badRequest('OpenAI 兼容接口需要填写接口地址', 'An OpenAI-compatible endpoint needs the base URL', { field: 'baseUrl' });
      if (isBlank(merged.model)) throw badRequest('OpenAI 兼容接口需要填写模型', 'An OpenAI-compatible endpoint needs the model', { field: 'model' });
    }
    if (kind !== PROVIDER_KIND.builtin && operation !== 'update' && isBlank(data.apiKey)) {
      throw badRequest('请填写令牌 / API Key', 'Please enter the token / API key', { field: 'apiKey' });
    }
  },
});
