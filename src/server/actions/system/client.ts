/**
 * OAuth clients: the secret is write-only. A submit carrying one stores its
 * SHA-256 (what token requests are checked against); a new client without
 * one gets a random secret, answered once (as clientSecret and in the
 * shown-once list the console displays) and never again. The client the
 * caller signed in with cannot be removed (that would end every session of
 * the console at the next refresh).
 */
import crypto from 'node:crypto';
import type { ShownOnceAnswer } from '../../../shared/shownOnce.js';
import { hashClientSecret } from '../../auth/clients.js';
import type { DbClient } from '../../db/pool.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { defineHooks } from '../../engine/hooks.js';
import { insertRow, updateRow } from '../../engine/operations/writeOperations.js';
import { fieldMessage } from '../../engine/validation.js';
import { badRequest } from '../../http/apiError.js';
import { hasControlCharacters } from '../../http/textInput.js';
import { bodyOf, hasId, isBlank, type Params } from './actionParams.js';

const SECRET = 'clientSecret';

/** The plain secret must pass the schema's rules before it is hashed (a hash always would). */
function assertSecretValid(ctx: ActionContext, secret: unknown): asserts secret is string {
  const field = ctx.model.field.get(SECRET)!;
  const { minLength = 0, maxLength = 255 } = field.schema;
  let message: string | undefined;
  if (typeof secret !== 'string') message = fieldMessage(field, 'type', ctx.language);
  else if (hasControlCharacters(secret))
    message = ctx.language === 'zh' ? `${field.schema.title}包含不允许的控制字符` : `${field.schema['x-en']} contains control characters`;
  else if (secret.length < minLength) message = fieldMessage(field, 'minLength', ctx.language, minLength);
  else if (secret.length > maxLength) message = fieldMessage(field, 'maxLength', ctx.language, maxLength);
  if (message) throw badRequest(message, message, { errors: [{ field: SECRET, message }] });
}

async function submitClient(ctx: ActionContext) {
  const body: Params = { ...bodyOf(ctx) };
  const isNew = !hasId(body);
  let generated: string | undefined;
  if (isBlank(body[SECRET])) {
    delete body[SECRET];
    if (isNew) {
      generated = crypto.randomBytes(24).toString('base64url');
      body[SECRET] = hashClientSecret(generated);
    }
  } else {
    assertSecretValid(ctx, body[SECRET]);
    body[SECRET] = hashClientSecret(body[SECRET]);
  }
  const tx = ctx.tx as DbClient;
  const row = isNew ? await insertRow(ctx, tx, ctx.model, body) : await updateRow(ctx, tx, ctx.model, body);
  if (!generated) return row;
  const shownOnce: ShownOnceAnswer['shownOnce'] = [
    { key: 'clientId', label: '客户端ID', labelEn: 'Client id', value: String(row.clientId), secret: false },
    { key: SECRET, label: '客户端密钥', labelEn: 'Client secret', value: generated, secret: true },
  ];
  return { ...row, [SECRET]: generated, shownOnce };
}

defineActions('system/client', {
  // Stays: a new client's generated secret is answered once (shownOnce), which the generic submit cannot answer.
  submit: submitClient,
});

defineHooks('system/client', {
  beforeRemove: ({ ctx, rows }) => {
    if (rows.some((row) => row.client_id === ctx.caller.clientId)) {
      throw badRequest('不能删除当前登录所用的应用', 'The client you are signed in with cannot be removed');
    }
  },
});
