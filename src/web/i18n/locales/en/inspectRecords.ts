export default {
  inspectRecords: {
    ledger: {
      inspect: 'Inspection ledger',
      maintain: 'Maintenance ledger',
      reservoir: 'Reservoir',
      allReservoirs: 'All reservoirs',
      period: 'Month',
      recordCount: 'Records',
      problemCount: 'With problems',
      pendingCount: 'Pending',
      passedCount: 'Passed',
      rejectedCount: 'Rejected',
      remark: 'Remark',
      actions: 'Actions',
      search: 'Search',
      reset: 'Reset',
      export: 'Export',
      saved: 'Done',
    },
  },
};
