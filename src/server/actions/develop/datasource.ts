/**
 * Data sources of the code generator: submit keeps the password write-only
 * (sealed by the engine; an edit without one keeps the stored one),
 * select offers the built-in data source first, and test connects with the
 * form's values (or the saved ones) and answers success or the driver's message.
 */
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { insertRow, updateRow } from '../../engine/operations/writeOperations.js';
import { badRequest } from '../../http/apiError.js';
import { hasControlCharacters } from '../../http/textInput.js';
import { BUILT_IN_DATASOURCE, BUILT_IN_DATASOURCE_ID, storedTarget, testConnection, type ConnectionTarget } from '../../develop/datasourceConnection.js';
import { bodyObject, datasourceIdOf, isBlank, paramsOf, transactionOf, type Params } from './developParams.js';

const MAX_PASSWORD_LENGTH = 128;

function passwordError(ctx: ActionContext, zh: string, en: string): Error {
  return badRequest(zh, en, { errors: [{ field: 'password', message: ctx.language === 'zh' ? zh : en }] });
}

/** The password checked as the engine checks text (the engine seals it: x-encrypted). */
function checkedPassword(ctx: ActionContext, raw: unknown): string | undefined {
  if (isBlank(raw)) return undefined;
  if (typeof raw !== 'string') throw passwordError(ctx, '密码的类型不正确', 'Password has the wrong type');
  if (raw.length > MAX_PASSWORD_LENGTH) {
    throw passwordError(ctx, `密码长度不能超过${MAX_PASSWORD_LENGTH}个字符`, `The password must be at most ${MAX_PASSWORD_LENGTH} characters`);
  }
  if (hasControlCharacters(raw)) throw passwordError(ctx, '密码包含不允许的控制字符', 'Password contains control characters');
  return raw;
}

async function submit(ctx: ActionContext): Promise<unknown> {
  const body: Params = { ...bodyObject(ctx) };
  const password = checkedPassword(ctx, body.password);
  if (password === undefined) delete body.password;
  else body.password = password;
  const tx = transactionOf(ctx);
  return isBlank(body.id) ? insertRow(ctx, tx, ctx.model, body) : updateRow(ctx, tx, ctx.model, body);
}

/** Choices for a model's data source: this system's database, then the saved ones. */
async function select(ctx: ActionContext): Promise<unknown> {
  const saved = await ctx.db.query<{ id: string; name: string; url: string }>(
    'SELECT id::text AS id, name, url FROM blade_datasource WHERE is_deleted = 0 ORDER BY name, id',
  );
  return [
    { id: BUILT_IN_DATASOURCE_ID, name: BUILT_IN_DATASOURCE[ctx.language], url: '', isBuiltIn: true },
    ...saved.rows.map((row) => ({ ...row, isBuiltIn: false })),
  ];
}

function text(params: Params, name: string): string | undefined {
  const value = params[name];
  if (isBlank(value)) return undefined;
  if (typeof value !== 'string' || value.length > 512) throw badRequest(`参数 ${name} 不正确`, `The parameter ${name} is not valid`);
  return value;
}

/** The form's values where given, the saved data source's for the rest (its password above all). */
async function targetOf(ctx: ActionContext, params: Params, id: string | undefined): Promise<ConnectionTarget> {
  const saved = id ? await storedTarget(ctx.db, id) : undefined;
  const url = text(params, 'url') ?? saved?.url;
  const username = text(params, 'username') ?? saved?.username;
  if (!url) throw badRequest('请输入连接地址', 'Please enter the URL');
  if (!username) throw badRequest('请输入用户名', 'Please enter the user name');
  return { url, username, password: text(params, 'password') ?? saved?.password ?? '' };
}

async function test(ctx: ActionContext): Promise<unknown> {
  const params = paramsOf(ctx);
  const id = isBlank(params.id) ? undefined : datasourceIdOf(params.id);
  if (id === BUILT_IN_DATASOURCE_ID) {
    const result = await ctx.db.query<{ version: string }>("SELECT current_setting('server_version') AS version");
    return { isConnected: true, version: result.rows[0].version };
  }
  const { version } = await testConnection(ctx.db, await targetOf(ctx, params, id));
  return { isConnected: true, version };
}

defineActions('develop/datasource', { submit, select, test });
