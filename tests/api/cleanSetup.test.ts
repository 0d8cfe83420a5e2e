/**
 * Cleaning setup: the spec names cleaning items and objects without paths;
 * they follow the inspection pattern at /api/v1/clean/… (setupKindSpec.ts).
 */
import { describe, expect, it } from 'vitest';
import { describeSetupKind, setupKindServer } from './setupKindSpec.js';

const ctx = setupKindServer();

describe('the seeded cleaning setup', () => {
  it('cleans the water surface, the banks, the crest and the houses of every reservoir', async () => {
    const items = (await ctx.call('/api/v1/clean/item/list/all')).body.data as { itemName: string }[];
    expect(items.map((item) => item.itemName)).toEqual(expect.arrayContaining(['水面漂浮物打捞', '库岸垃圾清理', '坝顶清扫', '管理房清扫']));
    const objects = await ctx.call(`/api/v1/clean/object/page?reservoirId=${ctx.reservoirs[0]}`);
    expect(objects.body.data.records.map((o: { objName: string }) => o.objName)).toEqual(['库区水面', '大坝', '管理设施']);
  });
});

// After the seeded-state checks above, which read the demo data as seeded.
describeSetupKind('clean', ctx);
