/** /test/index, the self-check page. */
export default {
  selfCheck: {
    title: '系统自检',
    run: '重新检测',
    unreachable: '无法完成自检：服务器没有应答',
    summary: { success: '各项检查均正常', warning: '部分检查需要注意', error: '存在需要处理的问题' },
    status: { ok: '正常', warning: '注意', error: '异常' },
    api: { title: '接口连通', fine: '往返 {{roundTripMs}} 毫秒', slow: '往返 {{roundTripMs}} 毫秒，响应偏慢（超过 1 秒）' },
    database: {
      title: '数据库',
      fine: 'PostgreSQL {{version}}（{{kind}}），查询延迟 {{latencyMs}} 毫秒',
      slow: 'PostgreSQL {{version}}（{{kind}}），查询延迟 {{latencyMs}} 毫秒，偏慢（超过 200 毫秒）',
    },
    clock: {
      title: '时钟同步',
      fine: '本机与服务器时间相差 {{skewSeconds}} 秒',
      skewed: '本机与服务器时间相差 {{skewSeconds}} 秒，请校准本机或服务器时间，否则登录令牌会提前失效或刷新异常',
    },
    token: {
      title: '登录令牌',
      fine: '剩余有效期 {{secondsLeft}} 秒（有效期 {{lifetime}} 秒，到期前自动刷新）',
      expiring: '剩余有效期 {{secondsLeft}} 秒，即将到期',
      unreadable: '无法读取令牌的有效期',
    },
    browser: {
      title: '浏览器',
      fine: '语言 {{language}}，窗口宽度 {{width}} 像素，Cookie 与本地存储可用',
      blocked: 'Cookie 或本地存储被禁用，无法保持登录状态',
    },
    kinds: { embedded: '内置数据库', external: '外部数据库' },
    versions: { title: '运行版本', fine: '控制台 {{app}}，Node.js {{node}}，运行环境 {{environment}}，已运行 {{uptimeSeconds}} 秒' },
  },
};
