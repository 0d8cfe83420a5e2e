export default {
  inspectRecords: {
    ledger: {
      inspect: '巡查台账',
      maintain: '养护台账',
      reservoir: '水库',
      allReservoirs: '全部水库',
      period: '月份',
      recordCount: '记录数',
      problemCount: '发现问题',
      pendingCount: '待审核',
      passedCount: '已通过',
      rejectedCount: '已驳回',
      remark: '备注',
      actions: '操作',
      search: '搜索',
      reset: '清空',
      export: '导出',
      saved: '操作成功',
    },
  },
};
