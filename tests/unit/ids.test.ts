import { describe, expect, it } from 'vitest';
import { isIdString, nextId } from '../../src/server/db/ids.js';

describe('nextId', () => {
  it('returns a decimal string that is a valid id', () => {
    const id = nextId();

    expect(id).toMatch(/^[1-9][0-9]*$/);
    expect(isIdString(id)).toBe(true);
  });

  it('fits a signed 64-bit bigint column', () => {
    expect(BigInt(nextId())).toBeLessThanOrEqual(9223372036854775807n);
  });

  it('returns strictly increasing ids, compared as BigInt', () => {
    const ids = Array.from({ length: 10_000 }, () => nextId());

    for (let i = 1; i < ids.length; i += 1) {
      expect(BigInt(ids[i]) > BigInt(ids[i - 1])).toBe(true);
    }
  });

  it('returns 10000 distinct ids in a tight loop', () => {
    const ids = Array.from({ length: 10_000 }, () => nextId());

    expect(new Set(ids).size).toBe(10_000);
  });

  it('keeps increasing across separate calls', () => {
    const first = BigInt(nextId());
    const second = BigInt(nextId());

    expect(second).toBeGreaterThan(first);
  });
});

describe('isIdString', () => {
  it.each(['1', '42', '1234567890123456789'])('accepts %j', (value) => {
    expect(isIdString(value)).toBe(true);
  });

  it.each(['', '0', '1 or 1=1', '-1', '01', ' 1', '1.5', '1e3', '12345678901234567890'])('rejects %j', (value) => {
    expect(isIdString(value)).toBe(false);
  });

  it('accepts the largest bigint and rejects 19-digit values above it', () => {
    expect(isIdString('9223372036854775807')).toBe(true);
    expect(isIdString('9223372036854775808')).toBe(false);
    expect(isIdString('9999999999999999999')).toBe(false);
  });

  it('rejects 20 digits, longer than any bigint', () => {
    expect('12345678901234567890').toHaveLength(20);
    expect(isIdString('12345678901234567890')).toBe(false);
  });

  it.each([
    ['the number 1', 1],
    ['the bigint 1n', 1n],
    ['null', null],
    ['undefined', undefined],
    ["the array ['1']", ['1']],
    ['an object', { id: '1' }],
  ])('rejects %s', (_label, value) => {
    expect(isIdString(value)).toBe(false);
  });
});
