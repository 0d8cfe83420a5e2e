/**
 * The demo leave process (contract 14 §2): the shipped BPMN with the tenant's
 * administrator role put in as the second step's candidates. The file names
 * the role ADMIN_ROLE_ID, a placeholder the deploy fills in, because role ids
 * differ per tenant and per database.
 */
import { readFileSync } from 'node:fs';

export const LEAVE_PROCESS_KEY = 'leave';
const ROLE_PLACEHOLDER = 'ADMIN_ROLE_ID';

let template: string | undefined;

/** The leave process's XML for a tenant whose administrator role has this id. */
export function leaveProcessXml(adminRoleId: string): string {
  if (!/^[1-9][0-9]{0,18}$/.test(adminRoleId)) throw new Error(`not a role id: ${adminRoleId}`);
  template ??= readFileSync(new URL('./leaveProcess.bpmn', import.meta.url), 'utf8');
  return template.replaceAll(ROLE_PLACEHOLDER, adminRoleId);
}
