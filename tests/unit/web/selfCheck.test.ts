/** The self-check's verdicts (/test/index) from one round trip's figures. */
import { describe, expect, it } from 'vitest';
import { clockSkewSeconds, evaluate, LIMITS, tokenExpiry, type Observation } from '../../../src/web/pages/selfCheck/selfCheck';

const SERVER_TIME = Date.UTC(2026, 10, 25, 6, 0, 0);

function observation(overrides: Partial<Observation> = {}, database: Partial<Observation['report']['database']> = {}): Observation {
  return {
    sentAt: SERVER_TIME - 20,
    receivedAt: SERVER_TIME + 20,
    tokenExpiresAt: SERVER_TIME / 1000 + 3000,
    browser: { cookies: true, storage: true, language: 'zh-CN', width: 1440 },
    ...overrides,
    report: {
      serverTime: SERVER_TIME,
      uptimeSeconds: 60,
      appVersion: '1.4.11',
      releaseDate: '2023-02-28',
      nodeVersion: 'v20.19.0',
      environment: 'prod',
      accessTokenSeconds: 3000,
      database: { version: '18.1', latencyMs: 0.4, embedded: true, pool: { total: 2, idle: 2, waiting: 0 }, ...database },
    },
  };
}

const statusOf = (o: Observation, key: string) => evaluate(o).find((r) => r.key === key)!;

describe('self-check verdicts', () => {
  it('are all fine on a quick server with agreeing clocks and a fresh token', () => {
    const results = evaluate(observation());
    expect(results.map((r) => r.key)).toEqual(['api', 'database', 'clock', 'token', 'browser', 'versions']);
    expect(results.every((r) => r.status === 'ok')).toBe(true);
    expect(statusOf(observation(), 'api').values.roundTripMs).toBe(40);
  });

  it('measure the clock at the middle of the round trip', () => {
    expect(clockSkewSeconds({ sentAt: SERVER_TIME - 4000, receivedAt: SERVER_TIME + 4000, report: observation().report })).toBe(0);
    expect(clockSkewSeconds({ sentAt: SERVER_TIME + 90_000, receivedAt: SERVER_TIME + 90_000, report: observation().report })).toBe(90);
  });

  it('warn about a skewed clock and call a badly skewed one a problem', () => {
    const at = (skew: number) => observation({ sentAt: SERVER_TIME + skew * 1000, receivedAt: SERVER_TIME + skew * 1000 });
    expect(statusOf(at(LIMITS.clockWarnSeconds), 'clock').status).toBe('ok');
    expect(statusOf(at(-(LIMITS.clockWarnSeconds + 1)), 'clock')).toMatchObject({ status: 'warning', verdict: 'skewed', values: { skewSeconds: -61 } });
    expect(statusOf(at(LIMITS.clockErrorSeconds + 1), 'clock').status).toBe('error');
  });

  it('warn about a slow answer, a slow database and a token about to expire', () => {
    expect(statusOf(observation({ receivedAt: SERVER_TIME + 1200 }), 'api').status).toBe('warning');
    expect(statusOf(observation({}, { latencyMs: 250 }), 'database')).toMatchObject({ status: 'warning', verdict: 'slow', values: { kind: 'embedded' } });
    expect(statusOf(observation({ tokenExpiresAt: SERVER_TIME / 1000 + 120 }), 'token')).toMatchObject({ status: 'warning', values: { secondsLeft: 120 } });
    expect(statusOf(observation({ tokenExpiresAt: undefined }), 'token').verdict).toBe('unreadable');
  });

  it('call a browser that cannot keep a session a problem', () => {
    expect(statusOf(observation({ browser: { cookies: false, storage: true, language: 'en', width: 800 } }), 'browser').status).toBe('error');
  });
});

describe('the token expiry', () => {
  const jwt = (payload: object) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;
  it('is the exp claim, read without verifying', () => {
    expect(tokenExpiry(jwt({ exp: 1790000000, sub: '中文' }))).toBe(1790000000);
  });
  it('is unknown for anything else', () => {
    for (const token of [undefined, '', 'opaque', 'a.!!!.c', jwt({ sub: 'x' }), jwt({ exp: '1' })]) expect(tokenExpiry(token)).toBeUndefined();
  });
});
