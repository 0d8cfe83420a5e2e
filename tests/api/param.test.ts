/**
 * System parameters (/api/blade-system/param/*) on the engine: CRUD with the
 * spec's validation messages, paging, filters, sort and soft delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testServer.js';

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('100001', 'admin');
});
afterAll(() => t?.close());

const list = (query = '') => t.api(`/api/blade-system/param/list?${query}`, { token: admin });
const submit = (body: unknown) => t.api('/api/blade-system/param/submit', { token: admin, body });

describe('creating a parameter', () => {
  it('with empty fields gives the three messages and writes nothing', async () => {
    const before = (await list()).body.data.total;
    const response = await submit({ paramName: '', paramKey: '', paramValue: '' });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('请输入参数名称');
    expect(response.body.data.errors).toEqual([
      { field: 'paramName', message: '请输入参数名称' },
      { field: 'paramKey', message: '请输入参数键名' },
      { field: 'paramValue', message: '请输入参数键值' },
    ]);
    expect((await list()).body.data.total).toBe(before);
  });

  it('gives English messages to an English console', async () => {
    const response = await t.api('/api/blade-system/param/submit', { token: admin, body: {}, headers: { 'Accept-Language': 'en' } });
    expect(response.body.msg).toBe('Please enter the parameter name');
  });

  it('saves, answers with the record, and finds it by key', async () => {
    const response = await submit({ paramName: '汛期开始', paramKey: 'test.flood.start', paramValue: '05-15', remark: '月-日' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    const record = response.body.data;
    expect(record.id).toMatch(/^\d+$/);
    expect(record).toMatchObject({ paramKey: 'test.flood.start', tenantId: '100001', version: 1 });
    expect(record.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const found = await list('paramKey=flood.start');
    expect(found.body.data.records.map((r: { id: string }) => r.id)).toContain(record.id);
  });

  it('refuses a duplicate key with the schema message', async () => {
    await submit({ paramName: 'A', paramKey: 'test.duplicate', paramValue: '1' });
    const response = await submit({ paramName: 'B', paramKey: 'test.duplicate', paramValue: '2' });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('参数键名已存在');
  });

  it('ignores server-owned fields in the body (tenantId, createUser, version)', async () => {
    const response = await submit({ paramName: 'X', paramKey: 'test.owned', paramValue: '1', tenantId: '000000', createUser: '1', version: 99, isDeleted: 1 });
    expect(response.body.data).toMatchObject({ tenantId: '100001', version: 1 });
    expect(response.body.data.createUser).not.toBe('1');
  });
});

describe('editing and removing', () => {
  it('submit with an id updates in place and bumps the version', async () => {
    const created = (await submit({ paramName: '旧', paramKey: 'test.edit', paramValue: '1' })).body.data;
    const updated = await submit({ id: created.id, paramName: '新', paramKey: 'test.edit', paramValue: '2', version: created.version });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id: created.id, paramName: '新', paramValue: '2', version: 2 });
    const detail = await t.api(`/api/blade-system/param/detail?id=${created.id}`, { token: admin });
    expect(detail.body.data.paramName).toBe('新');
  });

  it('a stale version is a conflict and changes nothing', async () => {
    const created = (await submit({ paramName: 'v', paramKey: 'test.version', paramValue: '1' })).body.data;
    await submit({ id: created.id, paramValue: '2', version: 1 });
    const stale = await submit({ id: created.id, paramValue: '3', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('数据已被他人修改，请刷新后重试');
    expect((await t.api(`/api/blade-system/param/detail?id=${created.id}`, { token: admin })).body.data.paramValue).toBe('2');
  });

  it('clearing a required field on edit is refused', async () => {
    const created = (await submit({ paramName: 'r', paramKey: 'test.required', paramValue: '1' })).body.data;
    const response = await submit({ id: created.id, paramName: '' });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('请输入参数名称');
  });

  it('remove soft-deletes several ids at once', async () => {
    const a = (await submit({ paramName: 'a', paramKey: 'test.remove.a', paramValue: '1' })).body.data;
    const b = (await submit({ paramName: 'b', paramKey: 'test.remove.b', paramValue: '1' })).body.data;
    const response = await t.api(`/api/blade-system/param/remove?ids=${a.id},${b.id}`, { token: admin, method: 'POST' });
    expect(response.status).toBe(200);
    expect((await t.api(`/api/blade-system/param/detail?id=${a.id}`, { token: admin })).status).toBe(404);
    const row = await t.db.query('SELECT is_deleted FROM blade_param WHERE id = $1', [b.id]);
    expect(row.rows[0].is_deleted).toBe(1);
    // The key is free again once the old row is deleted.
    expect((await submit({ paramName: 'a', paramKey: 'test.remove.a', paramValue: '1' })).status).toBe(200);
  });

  it('remove with an unknown id deletes nothing, not even the valid ids', async () => {
    const a = (await submit({ paramName: 'a', paramKey: 'test.remove.partial', paramValue: '1' })).body.data;
    const response = await t.api(`/api/blade-system/param/remove?ids=${a.id},123456789`, { token: admin, method: 'POST' });
    expect(response.status).toBe(404);
    expect((await t.api(`/api/blade-system/param/detail?id=${a.id}`, { token: admin })).status).toBe(200);
  });

  it('remove without ids asks to choose a record', async () => {
    const response = await t.api('/api/blade-system/param/remove', { token: admin, method: 'POST' });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('请选择要删除的数据');
  });
});

describe('who may read', () => {
  it('a user whose roles do not open the parameter menu cannot list parameters', async () => {
    const inspector = await t.signIn('100001', 'inspector');
    const response = await t.api('/api/blade-system/param/list', { token: inspector });
    expect(response.status).toBe(403);
  });

  it('a version that is not a number is a 400, not a conflict', async () => {
    const created = (await submit({ paramName: 'v', paramKey: 'test.version.text', paramValue: '1' })).body.data;
    const response = await submit({ id: created.id, paramValue: '2', version: 'abc' });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('版本号必须是整数');
  });
});

describe('listing', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 25; i++) {
      await submit({ paramName: `分页参数${String(i).padStart(2, '0')}`, paramKey: `page.${String(i).padStart(2, '0')}`, paramValue: String(i) });
    }
  });

  it('pages with current and size and reports total and pages', async () => {
    const page = await list('paramKey=page.&current=2&size=10&ascs=paramKey');
    expect(page.body.data).toMatchObject({ total: 25, size: 10, current: 2, pages: 3 });
    expect(page.body.data.records.map((r: { paramKey: string }) => r.paramKey)).toEqual(Array.from({ length: 10 }, (_, i) => `page.${String(i + 11)}`));
  });

  it('defaults to page 1 of 10, newest first', async () => {
    const page = await list('paramKey=page.');
    expect(page.body.data).toMatchObject({ current: 1, size: 10 });
    expect(page.body.data.records[0].paramKey).toBe('page.25');
  });

  it('drops empty filters', async () => {
    const withEmpty = await list('paramName=&paramKey=page.');
    expect(withEmpty.body.data.total).toBe(25);
  });

  it('filters by creation time range', async () => {
    const future = await list('paramKey=page.&createTime_dategt=2999-01-01 00:00:00');
    expect(future.body.data.total).toBe(0);
    const all = await list('paramKey=page.&createTime_dategt=2000-01-01 00:00:00&createTime_datelt=2999-01-01 00:00:00');
    expect(all.body.data.total).toBe(25);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect((await list('paramKey=%25')).body.data.total).toBe(0);
    expect((await list('paramName=_')).body.data.total).toBe(0);
  });

  it('refuses sorting by a field the schema does not allow', async () => {
    const response = await list('descs=remark');
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('不支持按“remark”排序');
  });
});

describe('idempotent writes', () => {
  it('a write repeated with the same Idempotency-Key is done once and answered alike', async () => {
    const send = () =>
      t.api('/api/blade-system/param/submit', {
        token: admin,
        body: { paramName: '幂等', paramKey: 'test.idempotent', paramValue: '1' },
        headers: { 'Idempotency-Key': 'param-create-0001' },
      });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect((await list('paramKey=test.idempotent')).body.data.total).toBe(1);
  });

  it('a failed write releases its key so it can be retried', async () => {
    const headers = { 'Idempotency-Key': 'param-create-0002' };
    const failed = await t.api('/api/blade-system/param/submit', { token: admin, body: { paramName: '' }, headers });
    expect(failed.status).toBe(400);
    const retried = await t.api('/api/blade-system/param/submit', {
      token: admin,
      body: { paramName: 'r', paramKey: 'test.retried', paramValue: '1' },
      headers,
    });
    expect(retried.status).toBe(200);
  });

  it('a malformed key is refused', async () => {
    const response = await t.api('/api/blade-system/param/submit', { token: admin, body: {}, headers: { 'Idempotency-Key': 'x' } });
    expect(response.status).toBe(400);
  });
});
