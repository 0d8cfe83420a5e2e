/** The big screens' frame (src/web/screens/): the cold-open page. */
export default {
  screens: {
    coldOpen: {
      title: '请从控制台打开大屏',
      text: '大屏需要从控制台打开：登录控制台后，点击顶栏的大屏按钮或大屏菜单，大屏会在新窗口中打开。',
      endedTitle: '大屏访问已结束',
      endedText: '登录已退出或大屏已超过有效期，请从控制台重新打开大屏。',
      toConsole: '进入控制台',
    },
  },
};
