/**
 * A screen's data: swr over screenApi, refreshed on its own every `refreshSeconds` (60 by default). The last
 * answer stays on screen while the next one loads and when one fails, so numbers never blank out.
 */
import useSWR, { type SWRResponse } from 'swr';

export interface ScreenDataOptions {
  refreshSeconds?: number;
}

export function useScreenData<T>(key: string | null, fetcher: () => Promise<T>, options: ScreenDataOptions = {}): SWRResponse<T> {
  const { refreshSeconds = 60 } = options;
  return useSWR<T>(key, fetcher, {
    refreshInterval: refreshSeconds * 1000,
    refreshWhenHidden: true,
    revalidateOnFocus: false,
    keepPreviousData: true,
    shouldRetryOnError: false,
  });
}
