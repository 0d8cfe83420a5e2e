/**
 * Maintenance setup (business-domain §7 /api/v1/maintain): item groups, items
 * and objects, the same shape as inspection (setupKindSpec.ts), with their
 * own catalogue of maintenance tasks.
 */
import { describe, expect, it } from 'vitest';
import { describeSetupKind, setupKindServer } from './setupKindSpec.js';

const ctx = setupKindServer();

describe('the seeded maintenance setup', () => {
  it('holds the maintenance tasks of a small reservoir (hoist, wire ropes, termites, backup power) in groups by type', async () => {
    const items = (await ctx.call('/api/v1/maintain/item/list/all')).body.data as { itemName: string }[];
    expect(items.map((item) => item.itemName)).toEqual(expect.arrayContaining(['启闭机加油保养', '钢丝绳除锈涂油', '白蚁防治', '备用电源试机']));
    const groups = (await ctx.call('/api/v1/maintain/itemGroup/list?maintainType=2')).body.data.records as { name: string; itemCount: number }[];
    expect(groups).toEqual([expect.objectContaining({ name: '汛前检修', itemCount: items.length })]);
  });
});

// After the seeded-state checks above, which read the demo data as seeded.
describeSetupKind('maintain', ctx);
