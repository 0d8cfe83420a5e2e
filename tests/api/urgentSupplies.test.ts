/**
 * Emergency registers (/api/v1/urgent, issue 5): depositories, goods, hidden
 * dangers, maintenance projects, training and the read-only goods log, with
 * their validation messages, references kept inside the tenant, removal
 * guards, access by menu and button, and the demo data (stocks in the
 * ranges of domain.md, every stock explained by its log, seeding idempotent).
 * The stock arithmetic itself is in urgentStock.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../src/server/seed/seedDatabase.js';
import { startTestServer, type ApiResponse, type TestServer } from './testServer.js';

const TENANT = '100001';
const V1 = '/api/v1/urgent';

let t: TestServer;
let admin: string;
let reservoirId: string;
let strangerReservoirId: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = Record<string, any>;

const post = (path: string, body?: unknown, token = admin): Promise<ApiResponse> => t.api(`${V1}/${path}`, { token, method: 'POST', body });
const get = (path: string, token = admin): Promise<ApiResponse> => t.api(`${V1}/${path}`, { token });

async function firstId(sql: string, values: unknown[] = []): Promise<string> {
  return (await t.db.query(sql, values)).rows[0].id;
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn(TENANT, 'admin');
  reservoirId = await firstId(`SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY code LIMIT 1`, [TENANT]);
  strangerReservoirId = await firstId(`SELECT id::text AS id FROM rsc_reservoir WHERE tenant_id = '316979' AND is_deleted = 0 LIMIT 1`);
});
afterAll(() => t?.close());

const depository = (fields: Row = {}) => ({
  name: `测试仓库${Math.random().toString(36).slice(2, 8)}`,
  level: 2,
  address: '城厢镇人民政府院内',
  keeper: '林志强',
  phone: '13905951234',
  ...fields,
});

describe('depositories', () => {
  it('need a name, level, address, keeper and phone, with the spec phone messages', async () => {
    const empty = await post('depository/save', {});
    expect(empty.status).toBe(400);
    expect(empty.body.data.errors.map((e: Row) => e.message)).toEqual([
      '请输入仓库名称',
      '请选择仓库级别',
      '请输入仓库地址',
      '请输入仓库管理员',
      '手机号码不能为空',
    ]);
    const short = await post('depository/save', depository({ phone: '1390595' }));
    expect(short.body.msg).toBe('手机号码长度不为11位');
    const wrong = await post('depository/save', depository({ phone: '23905951234' }));
    expect(wrong.body.msg).toBe('手机号码格式不正确');
  });

  it('are unique by name', async () => {
    const first = await post('depository/save', depository({ name: '同名仓库' }));
    expect(first.status).toBe(200);
    const second = await post('depository/save', depository({ name: '同名仓库' }));
    expect(second.status).toBe(400);
    expect(second.body.msg).toBe('仓库名称已存在');
  });

  it('serve a reservoir of the tenant only', async () => {
    const foreign = await post('depository/save', depository({ level: 3, reservoirId: strangerReservoirId }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toBe('所选水库不存在或已被删除');
    const own = await post('depository/save', depository({ level: 3, reservoirId }));
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ level: 3, reservoirId });
    const listed = await get(`depository/list?reservoirId=${reservoirId}&level=3`);
    expect(listed.body.data.records.map((row: Row) => row.id)).toContain(own.body.data.id);
  });

  it('are listed whole by listAll and as picker nodes by tree', async () => {
    const all = await get('depository/listAll');
    expect(all.status).toBe(200);
    expect(all.body.data.map((row: Row) => row.name)).toContain('安溪县防汛物资仓库');
    const tree = await get('depository/tree');
    const county = tree.body.data.find((node: Row) => node.title === '安溪县防汛物资仓库');
    expect(county).toMatchObject({ parentId: '0', key: county.id, value: county.id });
  });

  it('holding goods cannot be removed; an empty one can', async () => {
    const county = await firstId(`SELECT id::text AS id FROM urgent_depository WHERE tenant_id = $1 AND name = '安溪县防汛物资仓库'`, [TENANT]);
    const refused = await post(`depository/remove?ids=${county}`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('仓库「安溪县防汛物资仓库」中还有物资，请先移除或转移物资');
    const empty = (await post('depository/save', depository())).body.data;
    const removed = await post(`depository/remove?ids=${empty.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ removed: 1 });
  });
});

describe('goods', () => {
  let depositoryId: string;
  beforeAll(async () => {
    depositoryId = (await post('depository/save', depository())).body.data.id;
  });

  it('belong to a depository of the tenant', async () => {
    const foreignDepository = await firstId(`SELECT id::text AS id FROM urgent_depository WHERE tenant_id = '316979' LIMIT 1`);
    const response = await post('goods/save', { name: '编织袋', category: 2, unit: 1, depositoryId: foreignDepository });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('所选仓库不存在或已被删除');
    const required = await post('goods/save', {});
    expect(required.body.data.errors.map((e: Row) => e.message)).toEqual(['请输入物资名称', '请选择物资类别', '请选择计量单位', '请选择所在仓库']);
  });

  it('are unique by name and spec within a depository', async () => {
    const body = { name: '土工布', spec: '300g/m²', category: 2, unit: 18, depositoryId };
    expect((await post('goods/save', body)).status).toBe(200);
    const twice = await post('goods/save', body);
    expect(twice.status).toBe(400);
    expect(twice.body.msg).toBe('该仓库已有同名同规格的物资');
    expect((await post('goods/save', { ...body, spec: '400g/m²' })).status).toBe(200);
  });

  it('are filtered by depository and category, listed whole by listAll, and named with their depository in the picker', async () => {
    const page = await get(`goods/list?depositoryId=${depositoryId}&category=2`);
    expect(page.body.data.records.map((row: Row) => row.spec).sort()).toEqual(['300g/m²', '400g/m²']);
    const all = await get(`goods/listAll?depositoryId=${depositoryId}`);
    expect(all.body.data).toHaveLength(2);
    const tree = await get('goods/tree');
    expect(tree.body.data.map((node: Row) => node.title)).toContain('编织袋（50×80cm） · 安溪县防汛物资仓库');
  });
});

describe('hidden dangers', () => {
  it('need a reservoir of the tenant, a name, a grade and the date found', async () => {
    const empty = await post('risk/save', {});
    expect(empty.body.data.errors.map((e: Row) => e.message)).toEqual(['请选择水库', '请输入隐患名称', '请选择隐患等级', '请选择发现日期']);
    const foreign = await post('risk/save', { reservoirId: strangerReservoirId, riskName: '散浸', riskLevel: 1, findDate: '2026-05-01' });
    expect(foreign.body.msg).toBe('所选水库不存在或已被删除');
  });

  it('are recorded, found by grade and reservoir, rectified and closed', async () => {
    const saved = await post('risk/save', {
      reservoirId,
      riskName: '坝顶裂缝',
      riskLevel: 2,
      riskType: 1,
      damPart: 1,
      findDate: '2026-05-01',
      deadline: '2026-05-31',
      responsible: '黄明辉',
      responsiblePhone: '13605951111',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.riskStatus).toBe(1);
    const found = await get(`risk/list?riskLevel=2&reservoirId=${reservoirId}&riskName=裂缝`);
    expect(found.body.data.records.map((row: Row) => row.id)).toEqual([saved.body.data.id]);
    const closed = await post('risk/update', { id: saved.body.data.id, riskStatus: 3, closeDate: '2026-05-20' });
    expect(closed.body.data).toMatchObject({ riskStatus: 3, closeDate: '2026-05-20' });
    expect((await post(`risk/remove?ids=${saved.body.data.id}`)).status).toBe(200);
  });
});

describe('maintenance projects', () => {
  const project = { reservoirId: '', projectName: '坝坡除草清杂', projectType: 5, budget: 3.5, startDate: '2026-06-01', endDate: '2026-06-30', progress: 0 };

  it('cannot end before they start, on save or on update', async () => {
    const backwards = await post('projectMaintain/save', { ...project, reservoirId, endDate: '2026-05-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.data.errors).toEqual([{ field: 'endDate', message: '完工日期不能早于开工日期' }]);
    const saved = await post('projectMaintain/save', { ...project, reservoirId });
    expect(saved.status).toBe(200);
    const moved = await post('projectMaintain/update', { id: saved.body.data.id, startDate: '2026-07-15' });
    expect(moved.status).toBe(400);
    expect(moved.body.msg).toBe('完工日期不能早于开工日期');
    expect((await post('projectMaintain/update', { id: saved.body.data.id, progress: 60, projectStatus: 2 })).body.data).toMatchObject({
      progress: 60,
      projectStatus: 2,
    });
  });

  it('keep progress within 0–100', async () => {
    const response = await post('projectMaintain/save', { ...project, reservoirId, progress: 120 });
    expect(response.body.msg).toBe('进度应在 0～100 之间');
  });
});

describe('training and drills', () => {
  it('take http(s) attachments only', async () => {
    const body = { title: '防汛抢险技能培训', trainingType: 1, trainingDate: '2026-04-20', participants: 40 };
    const script = await post('training/save', { ...body, attachments: ['javascript:alert(1)'] });
    expect(script.status).toBe(400);
    expect(script.body.data.errors).toEqual([{ field: 'attachments', message: '附件必须是 http(s) 链接' }]);
    const saved = await post('training/save', { ...body, reservoirId, attachments: ['https://files.example.com/sign-in.pdf'] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.attachments).toEqual(['https://files.example.com/sign-in.pdf']);
    expect((await get('training/list?trainingType=1&title=技能')).body.data.total).toBe(1);
  });
});

describe('the goods log', () => {
  it('has no write endpoint', async () => {
    expect((await post('goodsLog/save', { goodsId: '1', quantity: 1 })).status).toBe(404);
    expect((await post('goodsLog/remove?ids=1')).status).toBe(404);
  });

  it('is filtered by movement type and depository', async () => {
    const county = await firstId(`SELECT id::text AS id FROM urgent_depository WHERE tenant_id = $1 AND name = '安溪县防汛物资仓库'`, [TENANT]);
    const response = await get(`goodsLog/list?logType=3&depositoryId=${county}&size=100`);
    expect(response.status).toBe(200);
    expect(response.body.data.total).toBeGreaterThan(0);
    for (const row of response.body.data.records) expect(row).toMatchObject({ logType: 3, depositoryId: county, sourceType: 'goodsUsed' });
  });
});

describe('access', () => {
  it('roles without the emergency menus cannot read or record', async () => {
    const inspector = await t.signIn(TENANT, 'inspector');
    for (const path of ['goods/list', 'depository/listAll', 'goodsLog/list', 'goodsAvailable/list', 'risk/list']) {
      expect((await get(path, inspector)).status, path).toBe(403);
    }
    const goodsId = await firstId(`SELECT id::text AS id FROM urgent_goods WHERE tenant_id = $1 LIMIT 1`, [TENANT]);
    const write = await post('goodsUsed/save', { goodsId, quantity: 1, usedFor: 1, usedDate: '2026-05-01', user: '巡查员' }, inspector);
    expect(write.status).toBe(403);
  });

  it('a county administrator (farm_admin) records movements', async () => {
    const farmAdmin = await t.signIn(TENANT, 'farm_admin');
    const goodsId = await firstId(`SELECT id::text AS id FROM urgent_goods WHERE tenant_id = $1 AND name = '铁锹' AND stock > 10 LIMIT 1`, [TENANT]);
    const response = await post('goodsUsed/save', { goodsId, quantity: 2, usedFor: 2, usedDate: '2026-05-01', user: '陈建国' }, farmAdmin);
    expect(response.status).toBe(200);
  });
});

describe('demo data', () => {
  const countyStock = async (tenantId: string, name: string) =>
    Number(
      (
        await t.db.query(
          `SELECT g.stock FROM urgent_goods g JOIN urgent_depository d ON d.id = g.depository_id WHERE g.tenant_id = $1 AND d.level = 1 AND g.name = $2`,
          [tenantId, name],
        )
      ).rows[0].stock,
    );

  it('holds county reserves in the ranges of domain.md for every demo county', async () => {
    for (const tenantId of ['100001', '316979', '003189']) {
      expect(await countyStock(tenantId, '编织袋')).toBeGreaterThanOrEqual(2000);
      expect(await countyStock(tenantId, '编织袋')).toBeLessThanOrEqual(20000);
      expect(await countyStock(tenantId, '救生衣')).toBeGreaterThanOrEqual(100);
      expect(await countyStock(tenantId, '救生衣')).toBeLessThanOrEqual(500);
      expect(await countyStock(tenantId, '砂石料')).toBeGreaterThanOrEqual(50);
      expect(await countyStock(tenantId, '砂石料')).toBeLessThanOrEqual(500);
      expect(await countyStock(tenantId, '冲锋舟')).toBeGreaterThanOrEqual(1);
      expect(await countyStock(tenantId, '冲锋舟')).toBeLessThanOrEqual(5);
    }
  });

  it('explains every seeded stock by its log, and every log row by a movement', async () => {
    const mismatched = await t.db.query(`
      SELECT g.id, g.stock, coalesce(sum(l.quantity), 0) AS logged
        FROM urgent_goods g LEFT JOIN urgent_goods_log l ON l.goods_id = g.id AND l.tenant_id = g.tenant_id
       WHERE g.tenant_id IN ('100001', '316979', '003189') AND g.create_user IN (SELECT id FROM blade_user WHERE account = 'admin')
       GROUP BY g.id, g.stock HAVING g.stock <> coalesce(sum(l.quantity), 0)`);
    expect(mismatched.rows).toEqual([]);
    const orphans = await t.db.query(`
      SELECT l.id FROM urgent_goods_log l
       WHERE NOT EXISTS (SELECT 1 FROM urgent_purchase p WHERE p.id = l.source_id AND l.source_type = 'purchase')
         AND NOT EXISTS (SELECT 1 FROM urgent_removal r WHERE r.id = l.source_id AND l.source_type = 'removal')
         AND NOT EXISTS (SELECT 1 FROM urgent_goods_used u WHERE u.id = l.source_id AND l.source_type = 'goodsUsed')`);
    expect(orphans.rows).toEqual([]);
    const counts = (
      await t.db.query(`SELECT (SELECT count(*) FROM urgent_goods_used) AS used, (SELECT count(*) FROM urgent_removal) AS removals FROM urgent_goods LIMIT 1`)
    ).rows[0];
    expect(Number(counts.used)).toBeGreaterThan(0);
    expect(Number(counts.removals)).toBeGreaterThan(0);
  });

  it('links reservoir depositories, dangers and projects to reservoirs of their own tenant', async () => {
    const crossed = await t.db.query(`
      SELECT 'depository' AS kind, x.id FROM urgent_depository x JOIN rsc_reservoir r ON r.id = x.reservoir_id WHERE r.tenant_id <> x.tenant_id
      UNION ALL SELECT 'risk', x.id FROM urgent_risk x JOIN rsc_reservoir r ON r.id = x.reservoir_id WHERE r.tenant_id <> x.tenant_id
      UNION ALL SELECT 'project', x.id FROM urgent_project_maintain x JOIN rsc_reservoir r ON r.id = x.reservoir_id WHERE r.tenant_id <> x.tenant_id`);
    expect(crossed.rows).toEqual([]);
    const linked = await t.db.query(
      `SELECT count(*)::int AS n FROM urgent_depository WHERE tenant_id = $1 AND level = 3 AND reservoir_id IS NOT NULL AND name LIKE '%水库防汛物资仓库'`,
      [TENANT],
    );
    expect(linked.rows[0].n).toBe(2);
    expect((await get('risk/list')).body.data.total).toBeGreaterThanOrEqual(6);
    expect((await get('projectMaintain/list')).body.data.total).toBeGreaterThanOrEqual(4);
  });

  it('seeding again changes nothing', async () => {
    const snapshot = async () =>
      (
        await t.db.query(`SELECT (SELECT count(*) FROM urgent_depository) d, (SELECT count(*) FROM urgent_goods) g, (SELECT sum(stock) FROM urgent_goods) s,
        (SELECT count(*) FROM urgent_purchase) p, (SELECT count(*) FROM urgent_goods_log) l, (SELECT count(*) FROM urgent_risk) r,
        (SELECT count(*) FROM urgent_project_maintain) m, (SELECT count(*) FROM urgent_training) tr`)
      ).rows[0];
    const before = await snapshot();
    await seedDatabase(t.db, { demo: true });
    expect(await snapshot()).toEqual(before);
  });
});
