/** Sealed secret fields (x-encrypted): a key per column from the deployment's signing key; a stored value opens only where it was sealed. */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildEntityModel, SchemaError } from '../../src/server/engine/entityModel.js';
import { createFieldSecrets } from '../../src/server/engine/fieldSecrets.js';
import type { EntitySchema } from '../../src/shared/entitySchema.js';
import { modelOf, thrownBy } from './fixtures.js';

const deployment = createFieldSecrets(crypto.randomBytes(64));

describe('a sealed value', () => {
  const cipher = deployment.cipher('blade_oss', 'secret_key');

  it('opens to what was sealed, and differs each time it is sealed', () => {
    const first = cipher.seal('very-secret-key-1');
    expect(first).toMatch(/^v1:/);
    expect(first).not.toContain('very-secret-key-1');
    expect(cipher.seal('very-secret-key-1')).not.toBe(first);
    expect(cipher.open(first)).toBe('very-secret-key-1');
    expect(cipher.open(cipher.seal('密钥 with ünïcode'))).toBe('密钥 with ünïcode');
  });

  it('does not open in another column, under another deployment’s key, or once altered', () => {
    const sealed = cipher.seal('very-secret-key-1');
    expect(deployment.cipher('blade_sms', 'secret_key').open(sealed)).toBeUndefined();
    expect(createFieldSecrets(crypto.randomBytes(64)).cipher('blade_oss', 'secret_key').open(sealed)).toBeUndefined();
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(cipher.open(altered)).toBeUndefined();
    for (const stored of ['', 'plain-text-key', 'v1:x:y:z', 'v2:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAAAA:AAAA']) expect(cipher.open(stored)).toBeUndefined();
  });
});

describe('x-encrypted in a schema', () => {
  it('marks the storage, SMS, camera-platform and data-source secrets, stored as text (a sealed value outgrows maxLength)', () => {
    for (const [id, name] of [
      ['resource/oss', 'secretKey'],
      ['resource/sms', 'secretKey'],
      ['camera/cameraAccount', 'appSecret'],
      ['develop/datasource', 'password'],
    ]) {
      const field = modelOf(id).field.get(name)!;
      expect(field).toMatchObject({ isEncrypted: true, isSecret: true, isOutput: false, sqlType: 'text' });
    }
  });

  it('is refused on a field that is not a write-only string', () => {
    const schema = (field: object): EntitySchema =>
      ({ $id: 'test/widget', title: 'w', type: 'object', 'x-table': 'test_widget', 'x-api': {}, properties: { token: field } }) as unknown as EntitySchema;
    expect(thrownBy(() => buildEntityModel(schema({ type: 'string', maxLength: 50, 'x-encrypted': true })))).toBeInstanceOf(SchemaError);
    expect(thrownBy(() => buildEntityModel(schema({ type: 'integer', 'x-secret': true, 'x-encrypted': true })))).toBeInstanceOf(SchemaError);
    expect(buildEntityModel(schema({ type: 'string', maxLength: 50, 'x-secret': true, 'x-encrypted': true })).field.get('token')!.isEncrypted).toBe(true);
  });
});
