/** The colour of a leave's approval status tag (dictionary leave_status): 审批中 blue, 已通过 green, 已驳回 red, 草稿 and 已撤回 grey. */
export const LEAVE_STATUS = { draft: 0, inApproval: 1, approved: 2, rejected: 3, withdrawn: 4 } as const;

const COLOURS: Record<number, string> = {
  [LEAVE_STATUS.draft]: 'default',
  [LEAVE_STATUS.inApproval]: 'processing',
  [LEAVE_STATUS.approved]: 'success',
  [LEAVE_STATUS.rejected]: 'error',
  [LEAVE_STATUS.withdrawn]: 'default',
};

export function leaveStatusColour(status: number | null | undefined): string {
  return COLOURS[status ?? -1] ?? 'default';
}
