/** Chinese strings of the AI assistant: the pet and its menu, the chat dialog, its presets and history, the big screens' icons. */
export default {
  chat: {
    pet: {
      title: 'AI 助手（可拖动）',
      help: '使用帮助',
      comingSoon: '敬请期待！',
    },
    modes: {
      flowChat: 'AI 智能水利助手',
      assistant: '快捷任务助手',
    },
    welcome: {
      flowChat: '您好，我是 AI 智能水利助手，可以解答水库安全管理、监测、运行管理等专业问题。',
      assistant: '您好，我是快捷任务助手，可以查询本单位水库的雨情、水情和预警。',
    },
    presets: {
      title: '您可以这样问',
      monitoring: '大坝安全监测主要包括哪些内容？',
      matrix: '水库运行管理矩阵有哪些规定？',
      twin: '什么是水库数字孪生？',
      informatization: '小型水库信息化建设的现状如何？',
      today: '{{name}}今天的雨水情',
      week: '{{name}}本周的雨水情',
      yesterday: '{{name}}昨天的雨水情',
      someReservoir: '本单位水库',
    },
    input: {
      placeholder: '请输入您的问题（Enter 发送，Shift+Enter 换行）',
      send: '发送',
    },
    actions: {
      stop: '停止生成',
      regenerate: '重新生成',
      newDialog: '新对话',
      history: '历史对话',
      copy: '复制',
    },
    status: {
      loading: '正在思考…',
      answering: '正在回答…',
      stopped: '已停止生成',
    },
    you: '我',
    busy: '服务器繁忙，请稍后再试！',
    history: {
      title: '历史对话',
      empty: '暂无历史对话',
      msgs: '{{count}} 条消息',
      localOnly: '仅本机',
      remove: '删除',
      removeConfirm: '确定删除这条对话吗？',
      blocked: '正在回答，请稍后再打开历史对话',
      loadFailed: '对话加载失败，请稍后再试',
    },
  },
};
