/**
 * A paged list that reloads when its search or page changes (and on demand, after an action); a failed load shows
 * an empty page (the request layer already said why). Sizes are the generic paginator's (default 20).
 */
import { useCallback, useEffect, useState } from 'react';
import type { Page } from '../../../../shared/envelope';
import { DEFAULT_PAGE_SIZE } from '../../../components/paginatorRules';
import type { Paging, TaskSearch } from './processApi';

export interface PagedList<R> {
  rows: R[];
  total: number;
  isLoading: boolean;
  paging: Paging;
  setPaging: (paging: Paging) => void;
  search: (search: TaskSearch) => void;
  reload: () => void;
}

export function usePagedList<R>(load: (search: TaskSearch, paging: Paging) => Promise<Page<R>>): PagedList<R> {
  const [query, setQuery] = useState<{ search: TaskSearch; paging: Paging; round: number }>({
    search: {},
    paging: { current: 1, size: DEFAULT_PAGE_SIZE },
    round: 0,
  });
  const [result, setResult] = useState<{ query: typeof query; page: Page<R> | null }>();

  useEffect(() => {
    let isCurrent = true;
    load(query.search, query.paging).then(
      (page) => isCurrent && setResult({ query, page }),
      () => isCurrent && setResult({ query, page: null }),
    );
    return () => {
      isCurrent = false;
    };
  }, [load, query]);

  const setPaging = useCallback((paging: Paging) => setQuery((old) => ({ ...old, paging })), []);
  const search = useCallback((next: TaskSearch) => setQuery((old) => ({ search: next, paging: { ...old.paging, current: 1 }, round: old.round + 1 })), []);
  const reload = useCallback(() => setQuery((old) => ({ ...old, round: old.round + 1 })), []);
  const page = result?.page;
  return {
    rows: page?.records ?? [],
    total: page?.total ?? 0,
    isLoading: result?.query !== query,
    paging: query.paging,
    setPaging,
    search,
    reload,
  };
}
