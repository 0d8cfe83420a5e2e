/** Chinese strings of the leave pages: my leaves, the application form, the approval and detail pages. */
export default {
  workflowLeave: {
    list: {
      title: '我的请假',
      add: '新增',
      view: '查看',
      refresh: '刷新',
      allStatuses: '全部状态',
      noProcess: '没有可发起的请假流程，请联系管理员部署请假流程',
    },
    field: {
      leaveType: '请假类型',
      startTime: '开始时间',
      endTime: '结束时间',
      days: '请假天数',
      reason: '请假理由',
      applyTime: '申请时间',
      approvalStatus: '审批状态',
      finishTime: '审批完成时间',
      applicant: '申请人',
      taskUser: '审批人',
      currentNodes: '当前环节',
    },
    form: {
      title: '请假申请',
      leaveTypeRequired: '请选择请假类型',
      startRequired: '请选择开始时间',
      endRequired: '请选择结束时间',
      endAfterStart: '结束时间必须晚于开始时间',
      reasonRequired: '请填写请假理由',
      reasonPlaceholder: '请填写请假理由（不超过500字）',
      daysHint: '按开始和结束时间自动计算',
      submit: '提交',
      back: '返回',
      started: '请假申请已提交，等待审批',
    },
    handle: {
      title: '请假审批',
      done: '已办理',
    },
    detail: {
      title: '请假详情',
      notFound: '请假申请不存在或您无权查看',
    },
    section: {
      leave: '请假信息',
      actions: '审批操作',
      history: '流转记录',
      diagram: '流程图',
    },
    days: '{{value}} 天',
  },
};
