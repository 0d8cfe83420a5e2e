/** /test/index, the self-check page. */
export default {
  selfCheck: {
    title: 'Self-check',
    run: 'Check again',
    unreachable: 'The self-check could not run: the server did not answer',
    summary: { success: 'Every check passed', warning: 'Some checks need attention', error: 'There are problems to fix' },
    status: { ok: 'OK', warning: 'Attention', error: 'Problem' },
    api: { title: 'API', fine: 'Round trip {{roundTripMs}} ms', slow: 'Round trip {{roundTripMs}} ms: slow (over 1 s)' },
    database: {
      title: 'Database',
      fine: 'PostgreSQL {{version}} ({{kind}}), query latency {{latencyMs}} ms',
      slow: 'PostgreSQL {{version}} ({{kind}}), query latency {{latencyMs}} ms: slow (over 200 ms)',
    },
    clock: {
      title: 'Clock',
      fine: 'This computer and the server differ by {{skewSeconds}} s',
      skewed:
        'This computer and the server differ by {{skewSeconds}} s: set the right time on one of them, or sign-in tokens will expire early or fail to refresh',
    },
    token: {
      title: 'Sign-in token',
      fine: '{{secondsLeft}} s left (lifetime {{lifetime}} s, refreshed before it ends)',
      expiring: '{{secondsLeft}} s left: about to expire',
      unreadable: 'The token’s expiry cannot be read',
    },
    browser: {
      title: 'Browser',
      fine: 'Language {{language}}, window {{width}} px wide, cookies and local storage available',
      blocked: 'Cookies or local storage are blocked: a session cannot be kept',
    },
    kinds: { embedded: 'embedded', external: 'external server' },
    versions: { title: 'Versions', fine: 'Console {{app}}, Node.js {{node}}, environment {{environment}}, up {{uptimeSeconds}} s' },
  },
};
