/**
 * param/getTk: the value of one parameter for the page that needs it, by
 * default the Tianditu map token (`tk` in Tianditu's API, param key
 * map.tianditu.tk). Map keys are readable by every signed-in user and fall
 * back to the platform tenant's value; any other key needs the param menu.
 */
import { assertMenu, PLATFORM_TENANT_ID } from '../../auth/permissions.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';
import { badRequest } from '../../http/apiError.js';
import { hasControlCharacters } from '../../http/textInput.js';

export const MAP_TOKEN_KEY = 'map.tianditu.tk';
const PUBLIC_PREFIX = 'map.';

/** The tenant's own value of a parameter (the newest row). */
async function ownValue(ctx: ActionContext, key: string): Promise<string | undefined> {
  const [found] = await localApi(ctx)
    .tenantWide()
    .find('system/param', { where: { paramKey: key }, sort: ['id desc'], limit: 1 });
  return found?.paramValue ?? undefined;
}

/** The platform tenant's value, the fallback of public keys. */
async function platformValue(ctx: ActionContext, key: string): Promise<string | undefined> {
  // tenant-sql: reads the platform tenant's parameter for a caller of another tenant (a fallback across tenants by design).
  const found = await ctx.tx.query<{ value: string }>(
    'SELECT param_value AS value FROM blade_param WHERE tenant_id = $1 AND param_key = $2 AND is_deleted = 0 ORDER BY id DESC LIMIT 1',
    [PLATFORM_TENANT_ID, key],
  );
  return found.rows[0]?.value;
}

async function getTk(ctx: ActionContext): Promise<string> {
  const raw = ctx.query.paramKey;
  const key = raw === undefined || raw === '' ? MAP_TOKEN_KEY : raw;
  if (typeof key !== 'string' || key.length > 255 || hasControlCharacters(key)) throw badRequest('参数 paramKey 不正确', 'The parameter paramKey is not valid');
  const isPublic = key.startsWith(PUBLIC_PREFIX);
  if (!isPublic) await assertMenu(ctx.tx, ctx.caller, ctx.model.menuCode);
  const own = await ownValue(ctx, key);
  if (own !== undefined || !isPublic) return own ?? '';
  return (await platformValue(ctx, key)) ?? '';
}

defineActions('system/param', { getTk });
