/** English strings of the leave pages: my leaves, the application form, the approval and detail pages. */
export default {
  workflowLeave: {
    list: {
      title: 'My leave requests',
      add: 'Add',
      view: 'View',
      refresh: 'Refresh',
      allStatuses: 'All statuses',
      noProcess: 'There is no leave process you may start; ask an administrator to deploy one',
    },
    field: {
      leaveType: 'Leave type',
      startTime: 'Start',
      endTime: 'End',
      days: 'Days',
      reason: 'Reason',
      applyTime: 'Applied at',
      approvalStatus: 'Approval status',
      finishTime: 'Decided at',
      applicant: 'Applicant',
      taskUser: 'Approver',
      currentNodes: 'Current step',
    },
    form: {
      title: 'Leave application',
      leaveTypeRequired: 'Please choose the leave type',
      startRequired: 'Please choose the start',
      endRequired: 'Please choose the end',
      endAfterStart: 'The end must be after the start',
      reasonRequired: 'Please give the reason',
      reasonPlaceholder: 'The reason (at most 500 characters)',
      daysHint: 'Counted from the start and end',
      submit: 'Submit',
      back: 'Back',
      started: 'The leave request was submitted and waits for approval',
    },
    handle: {
      title: 'Leave approval',
      done: 'Done',
    },
    detail: {
      title: 'Leave detail',
      notFound: 'The leave request does not exist or you may not see it',
    },
    section: {
      leave: 'Leave',
      actions: 'Approval',
      history: 'History',
      diagram: 'Diagram',
    },
    days: '{{value}} day(s)',
  },
};
