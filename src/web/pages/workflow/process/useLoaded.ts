/**
 * One read for a page, keyed by what it depends on: undefined while it loads, null when it failed (the page shows
 * its own "not found"), the answer otherwise; `reload` asks again (after an action).
 */
import { useCallback, useEffect, useState } from 'react';

export function useLoaded<T>(key: string | null, load: () => Promise<T>): { value: T | null | undefined; reload: () => void } {
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<{ key: string; round: number; value: T | null }>();

  useEffect(() => {
    if (key === null) return;
    let isCurrent = true;
    load().then(
      (value) => isCurrent && setResult({ key, round, value }),
      () => isCurrent && setResult({ key, round, value: null }),
    );
    return () => {
      isCurrent = false;
    };
    // `load` is read afresh whenever the key or the round changes; a new closure alone does not reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);

  const reload = useCallback(() => setRound((old) => old + 1), []);
  // While a reload runs the page keeps showing the previous answer of the same key.
  const value = result?.key === key ? result.value : undefined;
  return { value, reload };
}
