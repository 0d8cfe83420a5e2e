/** Chinese strings of the river patrol pages (src/web/pages/river). */
export default {
  river: {
    title: '巡河记录详情',
    back: '返回列表',
    notFound: '巡河记录不存在或已被删除',
    section: { track: '巡河轨迹', problems: '发现问题' },
    field: {
      river: '河流',
      section: '巡河河段',
      chief: '河长',
      startTime: '开始时间',
      endTime: '结束时间',
      duration: '巡河时长',
      length: '巡河里程',
      points: '轨迹点数',
      problems: '发现问题',
      remark: '巡河情况',
    },
    value: { minutes: '{{value}} 分钟', kilometres: '{{value}} 公里' },
    problem: { type: '问题类型', description: '问题描述', photos: '现场照片', event: '事件', openEvent: '查看事件' },
  },
};
