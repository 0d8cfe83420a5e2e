/** Chinese (default) strings of the hand-written system administration dialogs. */
export default {
  system: {
    save: '保存',
    cancel: '取消',
    grant: {
      empty: '暂无可配置的项',
      loadFailed: '加载失败，请稍后重试',
    },
    roleGrant: {
      tabs: {
        menu: '菜单权限',
        dataScope: '数据权限',
        apiScope: '接口权限',
        topMenu: '顶部菜单',
      },
    },
  },
};
