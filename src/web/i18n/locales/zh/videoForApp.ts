/** Chinese strings of /video-for-app, the mobile client's live video page. */
export default {
  videoForApp: {
    title: '实时监控',
    summary: '共 {{total}} 个摄像头，{{online}} 个在线',
    cameras: '摄像头列表',
    noCameras: '该水库暂无摄像头',
    online: '在线',
    offline: '离线',
    retry: '重新加载',
    player: {
      choose: '请选择摄像头',
      loading: '正在获取直播地址…',
      noAddress: '暂无直播地址',
      failed: '视频加载失败，请检查网络或稍后重试',
      loadFailed: '获取直播地址失败，请稍后重试',
      unplayable: '该直播地址为 {{protocol}} 格式，页面无法直接播放，可复制地址到支持该格式的播放器中观看',
    },
    stop: {
      noToken: { title: '请从App打开', text: '实时监控页面需要在App中打开，请返回App后重新进入。' },
      noReservoir: { title: '未指定水库', text: '打开页面时缺少水库信息，请从App中重新打开。' },
      expired: { title: '登录已过期，请在App中重新打开', text: '您的登录信息已失效，请返回App重新登录后再打开实时监控。' },
      forbidden: { title: '没有查看权限', text: '您的账号没有查看摄像头的权限，请联系管理员开通。' },
      failed: { title: '加载失败', text: '无法获取摄像头列表，请检查网络后重试。' },
    },
  },
};
