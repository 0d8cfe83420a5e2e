/** The leave register (the businessTable its processes name) and its approval statuses (dictionary leave_status). */
export const LEAVE_TABLE = 'work/leave';
export const LEAVE_STATUS = { draft: 0, inApproval: 1, approved: 2, rejected: 3, withdrawn: 4 } as const;
