/**
 * TOKEN_SIGNING_KEY is refused at start when it is weak or a key published
 * with BladeX/SpringBlade (anyone could forge tokens with it).
 */
import { describe, expect, it } from 'vitest';
import { loadSigningKey, weaknessOf } from '../../src/server/auth/signingKey.js';
import type { Queryable } from '../../src/server/db/pool.js';

const BLADEX_KEY = 'bladexisapowerfulmicroservicearchitectureupgradedandoptimizedfromacommercialproject';
const noDatabase = {} as Queryable;

describe('TOKEN_SIGNING_KEY', () => {
  it('refuses the BladeX key, in plain or in base64 as BladeX signs with it, with a clear message', async () => {
    await expect(loadSigningKey(noDatabase, BLADEX_KEY)).rejects.toThrow(/published with BladeX/);
    expect(weaknessOf(Buffer.from(BLADEX_KEY).toString('base64'))).toMatch(/published with BladeX/);
    expect(weaknessOf(` ${BLADEX_KEY}\n`)).toMatch(/published with BladeX/);
  });

  it('refuses short or repetitive keys', () => {
    expect(weaknessOf('short')).toMatch(/too weak/);
    expect(weaknessOf('0'.repeat(32))).toMatch(/too weak/);
  });

  it('accepts a long random key', async () => {
    const key = 'kP3v9QmT2xLz8RwN4bYc7HdJ6fGs1AeU5oIiVnMqXtBr';
    expect(weaknessOf(key)).toBeUndefined();
    expect(await loadSigningKey(noDatabase, key)).toEqual(new TextEncoder().encode(key));
  });
});
