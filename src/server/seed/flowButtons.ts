/**
 * The default workflow buttons (flow/button, contract 14 §1) of a tenant: what a user task shows when its
 * rsc:buttons names them. Seeded for every tenant that is seeded or created; a key the tenant already has is
 * left as it is (an administrator may have renamed or hidden it).
 */
import { nextId } from '../db/ids.js';
import type { DbClient } from '../db/pool.js';
import { insertRows } from './insertRows.js';

export const DEFAULT_FLOW_BUTTONS = [
  { buttonKey: 'flow_pass', name: '同意', nameEn: 'Approve' },
  { buttonKey: 'flow_reject', name: '驳回', nameEn: 'Reject' },
  { buttonKey: 'flow_transfer', name: '转办', nameEn: 'Transfer' },
  { buttonKey: 'flow_delegate', name: '委托', nameEn: 'Delegate' },
  { buttonKey: 'flow_rollback', name: '回退', nameEn: 'Roll back' },
  { buttonKey: 'flow_terminate', name: '终止', nameEn: 'Terminate' },
  { buttonKey: 'flow_copy', name: '抄送', nameEn: 'Copy to' },
  { buttonKey: 'flow_add_multi', name: '加签', nameEn: 'Add signer' },
  { buttonKey: 'flow_delete_multi', name: '减签', nameEn: 'Remove signer' },
] as const;

export async function seedFlowButtons(db: DbClient, tenantId: string): Promise<void> {
  const present = await db.query<{ key: string }>('SELECT button_key AS key FROM flow_button WHERE tenant_id = $1 AND is_deleted = 0', [tenantId]);
  const keys = new Set(present.rows.map((row) => row.key));
  const rows = DEFAULT_FLOW_BUTTONS.map((button, index) => ({ ...button, sort: index + 1 }))
    .filter((button) => !keys.has(button.buttonKey))
    .map((button) => [nextId(), tenantId, button.buttonKey, button.name, button.nameEn, button.sort, 1]);
  await insertRows(db, 'flow_button', ['id', 'tenant_id', 'button_key', 'name', 'name_en', 'sort', 'display'], rows);
}
