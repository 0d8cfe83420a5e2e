/** Chinese strings of the live monitoring warnings: the shell's notification and the warning log page. */
export default {
  monitorWarnings: {
    text: {
      above: '{{element}} {{value}} 超过{{limit}} {{threshold}}',
      below: '{{element}} {{value}} 低于{{limit}} {{threshold}}',
      total3: '{{element}} 1小时累计 {{value}} 超过{{limit}} {{threshold}}',
      total4: '{{element}} 3小时累计 {{value}} 超过{{limit}} {{threshold}}',
      total5: '{{element}} 24小时累计 {{value}} 超过{{limit}} {{threshold}}',
    },
    notify: {
      time: '预警时间：{{time}}',
      open: '查看预警记录',
    },
    limitForm: {
      station: '请选择测站',
      element: '请选择监测要素',
      stationFirst: '请先选择测站',
      limitKind: '请选择阈值类型',
    },
    live: {
      open: '实时更新中',
      closed: '实时更新未连接',
    },
  },
};
