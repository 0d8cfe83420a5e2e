/**
 * Emergency supplies stock (issue 5): stock is arithmetic the server owns.
 * A purchase adds, a write-off (removal) and a use subtract; a movement that
 * would take the stock below zero is refused with a message and writes
 * nothing; every movement writes a goods-log row in the same transaction;
 * concurrent movements on one item queue on the goods row. Updating a
 * movement applies the difference; removing one reverses it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiResponse, type TestServer } from './testServer.js';

const TENANT = '100001';
const V1 = '/api/v1/urgent';

let t: TestServer;
let admin: string;
let depositoryId: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = Record<string, any>;

const post = (path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse> =>
  t.api(`${V1}/${path}`, { token: admin, method: 'POST', body, headers });
const get = (path: string): Promise<ApiResponse> => t.api(`${V1}/${path}`, { token: admin });

let goodsCount = 0;
async function newGoods(name = '编织袋'): Promise<Row> {
  goodsCount += 1;
  const response = await post('goods/save', { name, spec: `测试${goodsCount}`, category: 2, unit: 1, depositoryId, safetyStock: 10 });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

const purchase = (goodsId: string, quantity: number) =>
  post('purchase/save', { goodsId, quantity, unitPrice: 1.2, supplier: '福建闽水防汛物资有限公司', purchaseDate: '2026-04-01' });
const removal = (goodsId: string, quantity: number) => post('removal/save', { goodsId, quantity, reason: '破损', removalDate: '2026-04-02' });
const use = (goodsId: string, quantity: number) => post('goodsUsed/save', { goodsId, quantity, usedFor: 1, usedDate: '2026-04-03', user: '陈建国' });

async function stockOf(goodsId: string): Promise<number> {
  const found = (await t.db.query('SELECT stock FROM urgent_goods WHERE id = $1', [goodsId])).rows[0];
  return Number(found.stock);
}

/** The goods' log through the API, oldest first. */
async function logOf(goodsId: string): Promise<Row[]> {
  const response = await get(`goodsLog/list?goodsId=${goodsId}&size=1000`);
  expect(response.status).toBe(200);
  return [...response.body.data.records].reverse();
}

async function movementCount(goodsId: string): Promise<number> {
  const result = await t.db.query(
    `SELECT (SELECT count(*) FROM urgent_purchase WHERE goods_id = $1) + (SELECT count(*) FROM urgent_removal WHERE goods_id = $1)
          + (SELECT count(*) FROM urgent_goods_used WHERE goods_id = $1) + (SELECT count(*) FROM urgent_goods_log WHERE goods_id = $1) AS n`,
    [goodsId],
  );
  return Number(result.rows[0].n);
}

/** The ledger holds together: each row moves the stock by its quantity, rows chain, and the last one is the stock. */
function expectConsistentLog(log: Row[], stock: number): void {
  let running = 0;
  for (const row of log) {
    expect(row.stockBefore).toBe(running);
    expect(row.stockAfter).toBeCloseTo(row.stockBefore + row.quantity, 6);
    expect(row.stockAfter).toBeGreaterThanOrEqual(0);
    running = row.stockAfter;
  }
  expect(running).toBe(stock);
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn(TENANT, 'admin');
  const depository = await post('depository/save', { name: '库存测试仓库', level: 1, address: '城关', keeper: '陈建国', phone: '13800001111' });
  expect(depository.status, JSON.stringify(depository.body)).toBe(200);
  depositoryId = depository.body.data.id;
});
afterAll(() => t?.close());

describe('a purchase', () => {
  it('adds to the stock and writes a log row in the same request', async () => {
    const goods = await newGoods();
    expect(goods.stock).toBe(0);
    const response = await purchase(goods.id, 500);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({ goodsId: goods.id, quantity: 500, purchaseDate: '2026-04-01' });
    expect(await stockOf(goods.id)).toBe(500);
    const [log] = await logOf(goods.id);
    expect(log).toMatchObject({
      goodsId: goods.id,
      depositoryId,
      logType: 1,
      operation: 1,
      quantity: 500,
      stockBefore: 0,
      stockAfter: 500,
      sourceType: 'purchase',
      sourceId: response.body.data.id,
      movementDate: '2026-04-01',
    });
    expect(log.operatorName).toBeTruthy();
  });

  it('sent twice with one Idempotency-Key is counted once', async () => {
    const goods = await newGoods();
    const body = { goodsId: goods.id, quantity: 50, purchaseDate: '2026-04-01' };
    const first = await post('purchase/save', body, { 'Idempotency-Key': `purchase-${goods.id}` });
    const again = await post('purchase/save', body, { 'Idempotency-Key': `purchase-${goods.id}` });
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await stockOf(goods.id)).toBe(50);
    expect(await logOf(goods.id)).toHaveLength(1);
  });

  it('of nothing or less is refused with the field message', async () => {
    const goods = await newGoods();
    for (const quantity of [0, -5]) {
      const response = await purchase(goods.id, quantity);
      expect(response.status).toBe(400);
      expect(response.body.msg).toBe('入库数量必须大于 0');
      expect(response.body.data.errors).toEqual([{ field: 'quantity', message: '入库数量必须大于 0' }]);
    }
    expect(await movementCount(goods.id)).toBe(0);
  });

  it('of goods that do not exist (or belong to another tenant) is refused and writes nothing', async () => {
    const other = (await t.db.query(`SELECT id::text AS id FROM urgent_goods WHERE tenant_id = '316979' AND is_deleted = 0 LIMIT 1`)).rows[0];
    expect(other, 'the demo seed gives tenant 316979 goods').toBeDefined();
    const before = Number((await t.db.query('SELECT count(*) FROM urgent_purchase')).rows[0].count);
    for (const goodsId of [other.id, '123456789012345']) {
      const response = await purchase(goodsId, 5);
      expect(response.status).toBe(400);
      expect(response.body.msg).toBe('所选物资不存在或已被删除');
    }
    // "0" is the contract's "none": the engine answers a required reference's message.
    const none = await purchase('0', 5);
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('请选择物资');
    expect(Number((await t.db.query('SELECT count(*) FROM urgent_purchase')).rows[0].count)).toBe(before);
    expect(await stockOf(other.id)).toBe(Number((await t.db.query('SELECT stock FROM urgent_goods WHERE id = $1', [other.id])).rows[0].stock));
  });
});

describe('stock never goes below zero', () => {
  it('a write-off beyond the stock is refused with the message and writes nothing', async () => {
    const goods = await newGoods('救生衣');
    await purchase(goods.id, 3);
    const before = await movementCount(goods.id);
    const response = await removal(goods.id, 5);
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('库存不足：「救生衣」当前库存 3，不能出库 5');
    expect(response.body.data.errors).toEqual([{ field: 'quantity', message: '库存不足：「救生衣」当前库存 3，不能出库 5' }]);
    expect(await stockOf(goods.id)).toBe(3);
    expect(await movementCount(goods.id)).toBe(before);
  });

  it("a use beyond the stock is refused too, in the caller's language", async () => {
    const goods = await newGoods('冲锋舟');
    await purchase(goods.id, 2);
    const response = await post(
      'goodsUsed/save',
      { goodsId: goods.id, quantity: 3, usedFor: 1, usedDate: '2026-04-03', user: '陈建国' },
      { 'Accept-Language': 'en' },
    );
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('Not enough stock: "冲锋舟" has 2 in stock, 3 cannot be taken out');
    expect(await stockOf(goods.id)).toBe(2);
  });

  it('20 concurrent write-offs of the last 5 units: exactly 5 succeed, 15 are refused, stock 0, 5 log rows', async () => {
    const goods = await newGoods('应急灯');
    await purchase(goods.id, 5);
    const responses = await Promise.all(Array.from({ length: 20 }, () => removal(goods.id, 1)));
    const succeeded = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status !== 200);
    expect(succeeded).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const response of refused) {
      expect(response.status).toBe(400);
      expect(response.body.msg).toBe('库存不足：「应急灯」当前库存 0，不能出库 1');
    }
    expect(await stockOf(goods.id)).toBe(0);
    const writeOffs = (await logOf(goods.id)).filter((row) => row.logType === 4);
    expect(writeOffs).toHaveLength(5);
    expect(writeOffs.map((row) => row.stockAfter).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(Number((await t.db.query('SELECT count(*) FROM urgent_removal WHERE goods_id = $1', [goods.id])).rows[0].count)).toBe(5);
    expectConsistentLog(await logOf(goods.id), 0);
  });

  it('concurrent purchases and uses on one item all land: none is lost', async () => {
    const goods = await newGoods('铁锹');
    await purchase(goods.id, 100);
    const responses = await Promise.all([...Array.from({ length: 10 }, () => purchase(goods.id, 3)), ...Array.from({ length: 10 }, () => use(goods.id, 2))]);
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await stockOf(goods.id)).toBe(110);
    const log = await logOf(goods.id);
    expect(log).toHaveLength(21);
    expect(log.reduce((sum, row) => sum + row.quantity, 0)).toBe(110);
  });

  it('fractions add up exactly (three decimals): 0.3 m³ taken as 0.1 and 0.2 leaves 0', async () => {
    const goods = await newGoods('砂石料');
    await purchase(goods.id, 0.3);
    expect((await use(goods.id, 0.1)).status).toBe(200);
    expect((await use(goods.id, 0.2)).status).toBe(200);
    expect(await stockOf(goods.id)).toBe(0);
    const finer = await purchase(goods.id, 0.0005);
    expect(finer.status).toBe(400);
    expect(finer.body.msg).toBe('入库数量必须大于 0');
    const tooFine = await purchase(goods.id, 1.2345);
    expect(tooFine.status).toBe(400);
    expect(tooFine.body.msg).toBe('数量最多保留三位小数');
    expect(await stockOf(goods.id)).toBe(0);
  });
});

describe('updating and removing movements', () => {
  it('the log matches the stock after a sequence of movements, corrections and reversals', async () => {
    const goods = await newGoods('土工布');
    const bought = (await purchase(goods.id, 100)).body.data;
    const used = (await use(goods.id, 30)).body.data;
    const writtenOff = (await removal(goods.id, 5)).body.data;
    expect(await stockOf(goods.id)).toBe(65);

    const moreUsed = await post('goodsUsed/update', { id: used.id, quantity: 40, purpose: '背水坡散浸抢护' });
    expect(moreUsed.status, JSON.stringify(moreUsed.body)).toBe(200);
    expect(moreUsed.body.data).toMatchObject({ quantity: 40, purpose: '背水坡散浸抢护' });
    expect(await stockOf(goods.id)).toBe(55);

    expect((await post('purchase/update', { id: bought.id, quantity: 120 })).status).toBe(200);
    expect(await stockOf(goods.id)).toBe(75);

    expect((await post(`removal/remove?ids=${writtenOff.id}`)).status).toBe(200);
    expect(await stockOf(goods.id)).toBe(80);

    const log = await logOf(goods.id);
    expect(log.map((row) => [row.sourceType, row.operation, row.quantity])).toEqual([
      ['purchase', 1, 100],
      ['goodsUsed', 1, -30],
      ['removal', 1, -5],
      ['goodsUsed', 2, -10],
      ['purchase', 2, 20],
      ['removal', 3, 5],
    ]);
    expect(log[3].remark).toBe('30 → 40');
    expectConsistentLog(log, 80);
    const listed = await get(`goods/list?name=土工布&size=100`);
    expect(listed.body.data.records.find((row: Row) => row.id === goods.id).stock).toBe(80);
  });

  it('an edit that does not change the quantity writes no log row; the goods of a movement cannot be changed', async () => {
    const goods = await newGoods();
    const other = await newGoods();
    const bought = (await purchase(goods.id, 10)).body.data;
    const edited = await post('purchase/update', { id: bought.id, goodsId: other.id, supplier: '省防汛物资储备中心（调拨）' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ goodsId: goods.id, supplier: '省防汛物资储备中心（调拨）', quantity: 10 });
    expect(await logOf(goods.id)).toHaveLength(1);
    expect(await stockOf(other.id)).toBe(0);
  });

  it('removing a purchase whose goods were already consumed is refused and changes nothing', async () => {
    const goods = await newGoods('木桩');
    const bought = (await purchase(goods.id, 10)).body.data;
    await use(goods.id, 8);
    const before = await movementCount(goods.id);
    const response = await post(`purchase/remove?ids=${bought.id}`);
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('「木桩」入库的物资已被领用或报废：当前库存 2，不能再减少 10');
    expect(await stockOf(goods.id)).toBe(2);
    expect(await movementCount(goods.id)).toBe(before);
    expect((await get(`purchase/list?goodsId=${goods.id}`)).body.data.records.map((row: Row) => row.id)).toEqual([bought.id]);
  });

  it('lowering a purchase below what was consumed is refused; lowering it to exactly that is allowed', async () => {
    const goods = await newGoods('铅丝');
    const bought = (await purchase(goods.id, 10)).body.data;
    await use(goods.id, 8);
    const refused = await post('purchase/update', { id: bought.id, quantity: 7 });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('「铅丝」入库的物资已被领用或报废：当前库存 2，不能再减少 3');
    expect((await t.db.query('SELECT quantity FROM urgent_purchase WHERE id = $1', [bought.id])).rows[0].quantity).toBe(10);
    expect((await post('purchase/update', { id: bought.id, quantity: 8 })).status).toBe(200);
    expect(await stockOf(goods.id)).toBe(0);
  });

  it('raising a use beyond the stock is refused', async () => {
    const goods = await newGoods('帐篷');
    await purchase(goods.id, 5);
    const used = (await use(goods.id, 4)).body.data;
    const response = await post('goodsUsed/update', { id: used.id, quantity: 6 });
    expect(response.status).toBe(400);
    expect(response.body.msg).toBe('库存不足：「帐篷」当前库存 1，不能出库 2');
    expect(await stockOf(goods.id)).toBe(1);
  });

  it('a batch remove reverses every movement or none', async () => {
    const goods = await newGoods('手电');
    const first = (await purchase(goods.id, 5)).body.data;
    const second = (await purchase(goods.id, 5)).body.data;
    await use(goods.id, 4);
    const refused = await post(`purchase/remove?ids=${first.id},${second.id}`);
    expect(refused.status).toBe(400);
    expect(await stockOf(goods.id)).toBe(6);
    expect((await get(`purchase/list?goodsId=${goods.id}`)).body.data.total).toBe(2);
    const one = await post(`purchase/remove?ids=${second.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual({ removed: 1 });
    expect(await stockOf(goods.id)).toBe(1);
    expectConsistentLog(await logOf(goods.id), 1);
  });

  it('another tenant cannot update or remove a movement', async () => {
    const goods = await newGoods();
    const bought = (await purchase(goods.id, 5)).body.data;
    const stranger = await t.signIn('316979', 'admin');
    const update = await t.api(`${V1}/purchase/update`, { token: stranger, body: { id: bought.id, quantity: 1 } });
    expect(update.status).toBe(404);
    const remove = await t.api(`${V1}/purchase/remove?ids=${bought.id}`, { token: stranger, method: 'POST' });
    expect(remove.status).toBe(404);
    expect(await stockOf(goods.id)).toBe(5);
  });
});

describe('the goods register', () => {
  it('never takes the stock from input', async () => {
    const created = await post('goods/save', { name: '发电机', spec: '10kW', category: 5, unit: 16, depositoryId, stock: 999 });
    expect(created.status).toBe(200);
    expect(created.body.data.stock).toBe(0);
    const updated = await post('goods/update', { id: created.body.data.id, stock: 50, safetyStock: 6 });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ stock: 0, safetyStock: 6 });
  });

  it('refuses to remove goods with stock left, and removes them at zero', async () => {
    const goods = await newGoods('救生圈');
    await purchase(goods.id, 2);
    const refused = await post(`goods/remove?ids=${goods.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('物资「救生圈」还有库存 2，请先报废核销后再删除');
    await removal(goods.id, 2);
    expect((await post(`goods/remove?ids=${goods.id}`)).status).toBe(200);
    const after = await purchase(goods.id, 1);
    expect(after.status).toBe(400);
    expect(after.body.msg).toBe('所选物资不存在或已被删除');
  });
});

describe('available goods', () => {
  it('lists only goods with stock, with their depository and shortfall', async () => {
    const stocked = await newGoods('对讲机');
    await purchase(stocked.id, 4);
    const empty = await newGoods('对讲机');
    const response = await get(`goodsAvailable/list?depositoryId=${depositoryId}&name=对讲机`);
    expect(response.status).toBe(200);
    const ids = response.body.data.records.map((row: Row) => row.id);
    expect(ids).toContain(stocked.id);
    expect(ids).not.toContain(empty.id);
    expect(response.body.data.records.find((row: Row) => row.id === stocked.id)).toMatchObject({
      stock: 4,
      safetyStock: 10,
      shortfall: 6,
      depositoryName: '库存测试仓库',
    });
    expect(response.body.data.total).toBe(1);
  });

  it('getAvailable answers what can be taken from one goods now', async () => {
    const goods = await newGoods('医疗包');
    await purchase(goods.id, 7);
    await use(goods.id, 2);
    const response = await get(`goodsAvailable/getAvailable?goodsId=${goods.id}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ goodsId: goods.id, name: '医疗包', available: 5, depositoryName: '库存测试仓库' });
    expect((await get('goodsAvailable/getAvailable?goodsId=1')).status).toBe(404);
    expect((await get('goodsAvailable/getAvailable?goodsId=abc')).status).toBe(400);
  });

  it('refuses undeclared filters and sorts', async () => {
    expect((await get('goodsAvailable/list?stock=0')).status).toBe(400);
    expect((await get('goodsAvailable/list?descs=shortfall')).status).toBe(400);
  });
});
