/**
 * SMS configurations (/api/blade-resource/sms/*): one enabled per tenant,
 * the secret key write-only, and send-message: phone numbers checked with
 * the spec's messages, params a JSON object, the configuration chosen by
 * code or the enabled one, the log provider writing the message to the
 * general log, and providers without a gateway saying so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

const TENANT = '100001';

let t: TestServer;
let admin: string;
let otherAdmin: string;
let inspector: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn(TENANT, 'admin');
  otherAdmin = await t.signIn('316979', 'admin');
  inspector = await t.signIn(TENANT, 'inspector');
});
afterAll(() => t?.close());

const submitSms = (body: Record<string, unknown>, token = admin) => t.api('/api/blade-resource/sms/submit', { token, body });
const enable = (id: string, token = admin) => t.api(`/api/blade-resource/sms/enable?id=${id}`, { method: 'POST', token });
const send = (body: Record<string, unknown>, token = admin) => t.api('/api/blade-resource/sms/endpoint/send-message', { token, body });

async function smsLogRows(): Promise<Record<string, unknown>[]> {
  return (await t.db.query(`SELECT * FROM blade_log_usual WHERE log_id = 'sms_send' ORDER BY id`)).rows;
}

async function enabledCodes(tenantId = TENANT): Promise<string[]> {
  return (await t.db.query(`SELECT sms_code FROM blade_sms WHERE tenant_id = $1 AND is_enabled = 1 AND is_deleted = 0`, [tenantId])).rows.map(
    (r) => r.sms_code,
  );
}

describe('configurations', () => {
  it('never return the secret key', async () => {
    const created = await submitSms({
      smsCode: 'aliyun',
      category: 4,
      templateId: 'SMS_1001',
      signName: '水库平台',
      accessKey: 'ak',
      secretKey: 'sms-secret-1',
    });
    expect(created.status).toBe(200);
    expect(JSON.stringify(created.body)).not.toContain('sms-secret-1');
    const detail = await t.api(`/api/blade-resource/sms/detail?id=${created.body.data.id}`, { token: admin });
    expect(detail.body.data).toMatchObject({ smsCode: 'aliyun', category: 4, isEnabled: 0 });
    expect(detail.body.data.secretKey).toBeUndefined();
  });

  it('enable leaves exactly one enabled configuration in the tenant', async () => {
    const first = (await submitSms({ smsCode: 'log-a', category: 1, templateId: 'TPL_A' })).body.data;
    const second = (await submitSms({ smsCode: 'log-b', category: 1, templateId: 'TPL_B', signName: '水库平台' })).body.data;
    const elsewhere = (await submitSms({ smsCode: 'other', category: 1 }, otherAdmin)).body.data;
    expect((await enable(elsewhere.id, otherAdmin)).status).toBe(200);
    expect((await enable(first.id)).status).toBe(200);
    expect(await enabledCodes()).toEqual(['log-a']);
    const switched = await enable(second.id);
    expect(switched.body.data).toMatchObject({ smsCode: 'log-b', isEnabled: 1 });
    expect(await enabledCodes()).toEqual(['log-b']);
    await Promise.all([enable(first.id), enable(second.id)]);
    expect(await enabledCodes()).toHaveLength(1);
    expect(await enabledCodes('316979')).toEqual(['other']);
    expect((await enable(second.id)).status).toBe(200);
    expect((await enable(second.id, inspector)).status).toBe(403);
    expect((await enable(first.id, otherAdmin)).status).toBe(404);
  });
});

describe('send-message', () => {
  it('goes through the enabled log configuration into the general log, secret parameters masked', async () => {
    const response = await send({ phones: '13800138000,13900139000', params: '{"code":"4821","name":"张三"}' });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ sent: 2, smsCode: 'log-b' });
    const [row] = await smsLogRows();
    expect(row).toMatchObject({
      tenant_id: TENANT,
      log_level: 'INFO',
      create_by: 'admin',
      method: 'POST',
      request_uri: '/api/blade-resource/sms/endpoint/send-message',
    });
    expect(row.log_data).toBe('短信【水库平台】（配置 log-b，模板 TPL_B）发送给 2 个号码：13800138000,13900139000');
    expect(row.params).toContain('张三');
    expect(row.params).not.toContain('4821');
  });

  it('takes code, phones and params from the query string as Blade sends them, and picks a configuration by code or template', async () => {
    const byCode = await t.api(`/api/blade-resource/sms/endpoint/send-message?code=log-a&phones=13700137000&params=${encodeURIComponent('{"n":1}')}`, {
      method: 'POST',
      token: admin,
    });
    expect(byCode.status).toBe(200);
    expect(byCode.body.data.smsCode).toBe('log-a');
    const byTemplate = await send({ code: 'TPL_A', phones: '13700137001' });
    expect(byTemplate.body.data.smsCode).toBe('log-a');
    const rows = await smsLogRows();
    expect(rows.at(-1)!.log_data).toContain('13700137001');
  });

  it('checks every phone number with the spec messages, and sends nothing when one is wrong', async () => {
    const before = (await smsLogRows()).length;
    const cases: [unknown, string][] = [
      ['', '手机号码不能为空'],
      [undefined, '手机号码不能为空'],
      ['13800138000,1380013800', '手机号码长度不为11位：1380013800'],
      ['138001380001', '手机号码长度不为11位：138001380001'],
      ['23800138000', '手机号码格式不正确：23800138000'],
      ['1380013800a', '手机号码格式不正确：1380013800a'],
      [Array.from({ length: 101 }, (_, i) => String(13800000000 + i)).join(','), '一次最多发送给 100 个手机号码'],
    ];
    for (const [phones, message] of cases) {
      const response = await send({ phones, params: '{}' });
      expect(response.status, String(phones)).toBe(400);
      expect(response.body.msg, String(phones)).toBe(message);
    }
    expect((await smsLogRows()).length).toBe(before);
  });

  it('needs params to be a JSON object of plain values', async () => {
    for (const params of ['not json', '[1,2]', '"text"', '{"nested":{"a":1}}', '{"bad name":"x"}']) {
      const response = await send({ phones: '13800138000', params });
      expect(response.status, params).toBe(400);
    }
    expect((await send({ phones: '13800138000', params: '[]' })).body.msg).toBe('短信参数必须是 JSON 对象，例如 {"code":"1234"}');
    // Another number: one number gets one message a minute (rateLimits.test.ts).
    expect((await send({ phones: '13800138010', params: { direct: 'object' } })).status).toBe(200);
  });

  it('says plainly that a provider without a gateway cannot send', async () => {
    const response = await send({ code: 'aliyun', phones: '13800138011' });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('本系统未接入「阿里云」短信网关，无法通过此配置发送短信；请改用“日志”类型的配置');
    const english = await t.api('/api/blade-resource/sms/endpoint/send-message', {
      token: admin,
      body: { code: 'aliyun', phones: '13800138012' },
      headers: { 'Accept-Language': 'en' },
    });
    expect(english.body.msg).toContain('no gateway');
  });

  it('refuses an unknown code, and a tenant without an enabled configuration', async () => {
    expect((await send({ code: 'nope', phones: '13800138000' })).body.msg).toBe('没有编号或模板为「nope」的短信配置');
    const other = await t.signIn('173509', 'admin');
    const response = await send({ phones: '13800138000' }, other);
    expect(response.status).toBe(400);
    expect(response.body.msg).toMatch(/^没有启用的短信配置/);
    // Another tenant's configuration cannot be named either.
    expect((await send({ code: 'log-a', phones: '13800138000' }, other)).status).toBe(400);
  });

  it('needs the send button', async () => {
    expect((await send({ phones: '13800138000' }, inspector)).status).toBe(403);
  });
});
