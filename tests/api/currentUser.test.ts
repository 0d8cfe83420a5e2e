/**
 * The signed-in user's own record: info, personal fields, password change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, md5, startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe('user info', () => {
  it('returns the caller’s record with role and department names and no password', async () => {
    const token = await t.signIn('316979', 'farm_admin');
    const response = await t.api('/api/blade-system/user/info', { token });
    expect(response.body.data).toMatchObject({ account: 'farm_admin', tenantId: '316979', roleName: '水库管理员', deptName: '仙游县水利局' });
    expect(response.body.data).not.toHaveProperty('password');
    expect(JSON.stringify(response.body)).not.toMatch(/argon2/);
  });

  it('update-info changes personal fields only, with the schema’s validation', async () => {
    const token = await t.signIn('316979', 'subject_admin');
    const updated = await t.api('/api/blade-system/user/update-info', {
      token,
      body: { realName: '陈主任', phone: '13800138000', account: 'hijack', roleId: '1', tenantId: '000000' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ realName: '陈主任', phone: '13800138000', account: 'subject_admin', tenantId: '316979' });
    expect(updated.body.data.roleId).not.toBe('1');
    const bad = await t.api('/api/blade-system/user/update-info', { token, body: { phone: '23800138000' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('手机号码格式不正确');
  });
});

describe('password change', () => {
  const change = (token: string, oldPassword: string, newPassword: string, newPassword1 = newPassword) =>
    t.api(`/api/blade-system/user/update-password?${new URLSearchParams({ oldPassword, newPassword, newPassword1 })}`, { token, method: 'POST' });

  it('asks for each field in turn', async () => {
    const token = await t.signIn('100001', 'river_chief');
    expect((await t.api('/api/blade-system/user/update-password', { token, method: 'POST' })).body.msg).toBe('请输入原密码');
    expect((await change(token, md5('admin'), '', '')).body.msg).toBe('请输入新密码');
    expect(
      (await t.api(`/api/blade-system/user/update-password?oldPassword=${md5('admin')}&newPassword=${md5('x')}`, { token, method: 'POST' })).body.msg,
    ).toBe('请输入确认密码');
  });

  it('refuses a wrong current password or a mismatched confirmation, changing nothing', async () => {
    const token = await t.signIn('100001', 'river_chief');
    expect((await change(token, md5('wrong'), md5('newpass1'))).body.msg).toBe('原密码不正确!');
    expect((await change(token, md5('admin'), md5('newpass1'), md5('newpass2'))).body.msg).toBe('请输入正确的确认密码!');
    await expect(t.signIn('100001', 'river_chief', 'admin')).resolves.toBeTruthy();
  });

  it('changes the password and ends the other sessions', async () => {
    const pair = await t.api(
      `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: '100001', username: 'inspector', password: md5('admin'), grant_type: 'password' })}`,
      {
        method: 'POST',
        headers: { Authorization: BASIC, 'Tenant-Id': '100001' },
      },
    );
    const response = await change(pair.body.access_token, md5('admin'), md5('Reservoir#2026'));
    expect(response.status).toBe(200);
    await expect(t.signIn('100001', 'inspector', 'admin')).rejects.toThrow();
    await expect(t.signIn('100001', 'inspector', 'Reservoir#2026')).resolves.toBeTruthy();
    const refresh = await t.api(`/api/blade-auth/oauth/token?${new URLSearchParams({ grant_type: 'refresh_token', refresh_token: pair.body.refresh_token })}`, {
      method: 'POST',
      headers: { Authorization: BASIC, 'Tenant-Id': '100001' },
    });
    expect(refresh.status).toBe(401);
  });
});
