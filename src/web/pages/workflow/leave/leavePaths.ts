/** The console addresses of the leave pages (their menus are hidden; the gate checks the menu path without the ids). */
const segment = (value: string) => encodeURIComponent(value);

export const LEAVE_LIST_PATH = '/work/leave';

export function leaveFormPath(processDefinitionId: string): string {
  return `/work/process/leave/form/${segment(processDefinitionId)}`;
}

export function leaveHandlePath(taskId: string, processInstanceId: string, businessId: string): string {
  return `/work/process/leave/handle/${[taskId, processInstanceId, businessId].map(segment).join('/')}`;
}

export function leaveDetailPath(processInstanceId: string, businessId: string): string {
  return `/work/process/leave/detail/${[processInstanceId, businessId].map(segment).join('/')}`;
}
