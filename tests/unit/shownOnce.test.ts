/**
 * The shown-once shape (src/shared/shownOnce.ts): what the console reads from
 * a save's answer, and what an idempotent write keeps of it (never a secret,
 * nor a generated initial password).
 */
import { describe, expect, it } from 'vitest';
import { shownOnceOf, withoutShownOnce, type ShownOnceValue } from '../../src/shared/shownOnce.js';

const tenantId: ShownOnceValue = { key: 'tenantId', label: '租户ID', labelEn: 'Tenant id', value: '123456', secret: false };
const password: ShownOnceValue = { key: 'adminPassword', label: '管理员密码', labelEn: 'Administrator password', value: 'Qx7-secret', secret: true };
const created = { id: '9', tenantName: '新租户', tenantId: '123456', adminPassword: 'Qx7-secret', shownOnce: [tenantId, password] };

describe('shownOnceOf', () => {
  it('reads the well-formed entries of an answer', () => {
    expect(shownOnceOf(created)).toEqual([tenantId, password]);
    expect(shownOnceOf({ shownOnce: [password, { key: 'x', value: 'no labels' }, null, { ...tenantId, value: '' }] })).toEqual([password]);
  });

  it('finds nothing in other answers', () => {
    for (const answer of [null, undefined, 'ok', 3, [], { id: '1' }, { shownOnce: 'secret' }]) expect(shownOnceOf(answer)).toEqual([]);
  });
});

describe('withoutShownOnce', () => {
  it('drops the list and the fields carrying a secret, keeping the rest', () => {
    expect(withoutShownOnce(created)).toEqual({ id: '9', tenantName: '新租户', tenantId: '123456' });
    expect(created.adminPassword).toBe('Qx7-secret');
  });

  it('does the same inside an envelope', () => {
    const envelope = { code: 200, success: true, msg: '操作成功', data: created };
    const kept = withoutShownOnce(envelope);
    expect(kept).toEqual({ code: 200, success: true, msg: '操作成功', data: { id: '9', tenantName: '新租户', tenantId: '123456' } });
    expect(JSON.stringify(kept)).not.toContain('Qx7-secret');
  });

  it('drops the initial passwords the user flows answer (addUser, reset-password, import)', () => {
    const added = { code: 200, data: { id: '1', account: 'zhang', initialPassword: 'Rk2-initial' } };
    expect(withoutShownOnce(added)).toEqual({ code: 200, data: { id: '1', account: 'zhang' } });
    const reset = { reset: 2, initialPasswords: [{ userId: '1', account: 'zhang', initial: 'Rk2-initial' }] };
    expect(withoutShownOnce(reset)).toEqual({ reset: 2 });
  });

  it('leaves other answers as they are', () => {
    const plain = { code: 200, data: { id: '1', account: 'zhang' } };
    expect(withoutShownOnce(plain)).toBe(plain);
    expect(withoutShownOnce(null)).toBeNull();
    expect(withoutShownOnce('ok')).toBe('ok');
  });
});
