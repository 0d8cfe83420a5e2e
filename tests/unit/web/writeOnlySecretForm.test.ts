/**
 * The generated form of a register with write-only secrets (the camera
 * account's app secret and alarm ingestion key): a password input never
 * filled in, "set — leave blank to keep" and not required when the record
 * has one stored, an empty box not sent (the server keeps the stored one),
 * and never a row on the detail view.
 */
import { describe, expect, it } from 'vitest';
import { entityModel } from '../../../src/server/engine/entityRegistry.js';
import { toClientSchema } from '../../../src/server/system/clientSchemaRoutes.js';
import type { ClientSchema } from '../../../src/shared/clientSchema';
import { resources } from '../../../src/web/i18n/resources';
import { formFieldSpecs, saveBodyOf, type Translate } from '../../../src/web/renderers/formRules';
import { detailFields } from '../../../src/web/renderers/schemaFields';

const account = toClientSchema(entityModel('camera/cameraAccount'));
/** The same register with the secret required, as a register that must have one would declare it. */
const mustHaveSecret: ClientSchema = { ...account, required: [...account.required, 'appSecret'] };

const lookup = (language: 'zh' | 'en', key: string) =>
  String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources[language]));
const t: Translate = (key) => lookup('zh', key);
const zh = { language: 'zh' as const, t };
const secretSpec = (schema: ClientSchema, options: Parameters<typeof formFieldSpecs>[1]) =>
  formFieldSpecs(schema, options).find((s) => s.name === 'appSecret')!;

describe('a write-only secret in the generated form', () => {
  it('is a password input', () => {
    const spec = secretSpec(account, { mode: 'add', ...zh });
    expect(spec).toMatchObject({ widget: 'password', keepsSecret: false });
    expect(spec.schema.writeOnly).toBe(true);
  });

  it('says "set — leave blank to keep" and is not required when the record has one', () => {
    expect(secretSpec(mustHaveSecret, { mode: 'add', ...zh }).isRequired).toBe(true);
    expect(secretSpec(mustHaveSecret, { mode: 'edit', ...zh, record: { id: '1', appSecretSet: false } }).isRequired).toBe(true);
    const kept = secretSpec(mustHaveSecret, { mode: 'edit', ...zh, record: { id: '1', appSecretSet: true } });
    expect(kept).toMatchObject({ keepsSecret: true, isRequired: false });
    expect(kept.rules.some((rule) => rule.required)).toBe(false);
    expect(t('renderers.secretKept')).toBe('已设置，留空则不修改');
    expect(lookup('en', 'renderers.secretKept')).toBe('Set — leave blank to keep');
  });

  it('is left out of the save when empty, sent when typed', () => {
    const specs = formFieldSpecs(account, { mode: 'edit', ...zh, record: { id: '1', appSecretSet: true } });
    const original = { id: '1', version: 3, appSecretSet: true };
    const blank = saveBodyOf(specs, { name: '账号', platform: 1, appSecret: '', ingestKey: undefined }, {}, original);
    expect(blank).not.toHaveProperty('appSecret');
    expect(blank).not.toHaveProperty('ingestKey');
    expect(blank).not.toHaveProperty('appSecretSet');
    expect(blank).toMatchObject({ id: '1', version: 3, name: '账号' });
    expect(saveBodyOf(specs, { name: '账号', appSecret: 'new-secret' }, {}, original)).toMatchObject({ appSecret: 'new-secret' });
  });

  it('is never a row of the detail view', () => {
    const names = detailFields(account).map((field) => field.name);
    expect(names).toContain('appKey');
    expect(names).not.toContain('appSecret');
    expect(names).not.toContain('ingestKey');
  });
});
