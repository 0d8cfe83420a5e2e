/** Chinese strings of the console dashboard (/wel/dashboard). */
export default {
  dashboard: {
    inspections: {
      title: '巡查完成情况（近 {{weeks}} 周）',
      planned: '计划巡查',
      done: '已完成巡查',
      rate: '完成率',
      week: '{{day}} 周',
    },
    events: {
      title: '未办结事件（按已上报时长）',
      total: '未办结事件',
      olderThanWeek: '超过 7 天',
      overdue: '已超期',
      buckets: { '0-3': '0–3 天', '3-7': '3–7 天', '7-30': '7–30 天', '30+': '30 天以上' },
    },
    warnings: {
      title: '本周预警（按日、按等级）',
      total: '本周预警',
      active: '预警中',
    },
  },
};
