/** /appView, the mini-program's web view. */
export default {
  appView: {
    noToken: '请从小程序中打开此页面',
    expired: '登录已过期，请在小程序中重新打开',
    hint: '此页面供小程序内嵌使用，不能在浏览器中直接登录。',
  },
};
