/**
 * Stations as a flat pick list in the tree shape the
 * console's reference pickers read (id, title, key, value): other registers
 * refer to them (equipment, phreatic-line points), and their labels show in
 * those lists. Any signed-in user of the tenant may read them, as listAll.
 */
import type { TreeNode } from '../../../shared/envelope.js';
import { defineActions, type ActionContext } from '../../engine/actions.js';
import { localApi } from '../../engine/localApi.js';

async function stationNodes(ctx: ActionContext): Promise<TreeNode[]> {
  const stations = await localApi(ctx).find('info/station', { sort: ['stationCode asc', 'id asc'] });
  return stations.map((row) => ({ id: row.id, parentId: '0', title: `${row.stationName} (${row.stationCode})`, key: row.id, value: row.id }));
}

defineActions('info/station', { tree: stationNodes });
