/** The token checker (platform-core §4): every 10 s, refresh once the token is tokenTime seconds old, one refresh at a time. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTokenRefresher, type TokenRefresherOptions } from '../../../src/web/api/tokenRefresher';

const TOKEN_TIME_S = 3000;
const SAVED_AT = Date.UTC(2024, 0, 1);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(SAVED_AT);
});

afterEach(() => {
  vi.useRealTimers();
});

function setup(overrides: Partial<TokenRefresherOptions> = {}) {
  const refresh = vi.fn<() => Promise<void>>(() => Promise.resolve());
  const refresher = createTokenRefresher({
    getTokenSavedAt: () => SAVED_AT,
    getTokenTime: () => TOKEN_TIME_S,
    refresh,
    ...overrides,
  });
  return { refresher, refresh };
}

describe('token refresher', () => {
  it('does not refresh a token younger than tokenTime', async () => {
    const { refresher, refresh } = setup();
    refresher.start();

    await vi.advanceTimersByTimeAsync(TOKEN_TIME_S * 1000 - 10_000);

    expect(refresh).not.toHaveBeenCalled();
    refresher.stop();
  });

  it('refreshes on the first 10 s tick once the token is tokenTime seconds old', async () => {
    const { refresher, refresh } = setup();
    refresher.start();

    await vi.advanceTimersByTimeAsync(TOKEN_TIME_S * 1000);

    expect(refresh).toHaveBeenCalledTimes(1);
    refresher.stop();
  });

  it('checks every 10000 ms, not more often', async () => {
    const { refresher, refresh } = setup();
    vi.setSystemTime(SAVED_AT + TOKEN_TIME_S * 1000);
    refresher.start();

    await vi.advanceTimersByTimeAsync(9_999);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    refresher.stop();
  });

  it('does nothing while signed out', async () => {
    const { refresher, refresh } = setup({ getTokenSavedAt: () => undefined });
    refresher.start();

    await vi.advanceTimersByTimeAsync(TOKEN_TIME_S * 2000);

    expect(refresh).not.toHaveBeenCalled();
    refresher.stop();
  });

  it('runs one refresh at a time: ticks during a slow refresh do nothing', async () => {
    let finish: () => void = () => {};
    const refresh = vi.fn<() => Promise<void>>(() => new Promise<void>((resolve) => (finish = resolve)));
    const { refresher } = setup({ refresh });
    vi.setSystemTime(SAVED_AT + TOKEN_TIME_S * 1000);
    refresher.start();

    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(1);

    // Still old (the fake refresh did not store a new token): the next tick after it settles refreshes again.
    finish();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    refresher.stop();
  });

  it('keeps checking after a failed refresh and reports the failure', async () => {
    const failure = new Error('refresh failed');
    const refresh = vi.fn<() => Promise<void>>(() => Promise.reject(failure));
    const onError = vi.fn();
    const { refresher } = setup({ refresh, onError });
    vi.setSystemTime(SAVED_AT + TOKEN_TIME_S * 1000);
    refresher.start();

    await vi.advanceTimersByTimeAsync(20_000);

    expect(refresh).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledWith(failure);
    refresher.stop();
  });

  it('stops checking after stop(), and start() twice keeps a single interval', async () => {
    const { refresher, refresh } = setup();
    vi.setSystemTime(SAVED_AT + TOKEN_TIME_S * 1000);
    refresher.start();
    refresher.start();

    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh).toHaveBeenCalledTimes(1);

    refresher.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('uses an injected clock and timers', async () => {
    let tick: () => void = () => {};
    const timers = { setInterval: vi.fn((callback: () => void) => ((tick = callback), 7)), clearInterval: vi.fn() };
    let clock = SAVED_AT;
    const { refresher, refresh } = setup({ timers, now: () => clock, intervalMs: 500 });

    refresher.start();
    expect(timers.setInterval).toHaveBeenCalledWith(expect.any(Function), 500);
    tick();
    expect(refresh).not.toHaveBeenCalled();
    clock += TOKEN_TIME_S * 1000;
    await refresher.check();
    expect(refresh).toHaveBeenCalledTimes(1);
    refresher.stop();
    expect(timers.clearInterval).toHaveBeenCalledWith(7);
  });
});
