/**
 * A page of rows from a list endpoint (the engine's page shape), with the page number, page size and search the
 * page holds; reload asks again for the same page. Shared by the form list and the deployment list. SWR keeps the
 * previous page on screen while the next one loads and shows only the newest answer.
 */
import { useState } from 'react';
import useSWR from 'swr';
import type { Page } from '../../../../shared/envelope';

export interface PagedList<Row, Search> {
  rows: Row[];
  total: number;
  current: number;
  size: number;
  search: Search;
  isLoading: boolean;
  setPage: (current: number, size: number) => void;
  setSearch: (search: Search) => void;
  reload: () => Promise<unknown>;
}

export function usePagedList<Row, Search extends object>(
  name: string,
  fetchPage: (query: Search & { current: number; size: number }) => Promise<Page<Row>>,
  initialSearch: Search,
): PagedList<Row, Search> {
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [search, setSearchState] = useState<Search>(initialSearch);
  const { data, isLoading, isValidating, mutate } = useSWR([name, search, paging], () => fetchPage({ ...search, ...paging }), {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
  return {
    rows: data?.records ?? [],
    total: data?.total ?? 0,
    current: paging.current,
    size: paging.size,
    search,
    isLoading: isLoading || isValidating,
    setPage: (current, size) => setPaging({ current: size === paging.size ? current : 1, size }),
    setSearch: (next) => {
      setSearchState(next);
      setPaging((old) => ({ ...old, current: 1 }));
    },
    reload: () => mutate(),
  };
}
