/**
 * Dictionary entries by code (`dict/dictionary?code=`), cached with swr: the
 * labels a table shows for x-dict fields and the options a form offers.
 * Every entry comes with its `label` in the console's language (entryLabel:
 * the English name in English when the entry has one, else the name), so
 * every table, select, search form and detail page reads `label`.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR, { mutate } from 'swr';
import type { TreeNode } from '../../shared/envelope';
import { labelEntries, titlesById, type LabelledEntry } from './cellText';
import { fetchDictionary, fetchReferenceTree, forgetReferenceTrees, type DictionaryEntry } from './entityApi';

const CACHED = { revalidateOnFocus: false, revalidateOnReconnect: false, dedupingInterval: 5 * 60 * 1000 };
const NONE: Record<string, DictionaryEntry[]> = {};

export type Dictionaries = Record<string, LabelledEntry[]>;

/** Entries of every listed code, labelled in the current language; one request per code, one cache entry per set of codes. */
export function useDictionaries(codes: readonly string[]): Dictionaries {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const unique = [...new Set(codes)].sort();
  const { data } = useSWR(
    unique.length > 0 ? ['dictionaries', unique.join(',')] : null,
    async () => {
      const lists = await Promise.all(unique.map((code) => fetchDictionary(code).catch(() => [] as DictionaryEntry[])));
      return Object.fromEntries(unique.map((code, index) => [code, lists[index]])) as Record<string, DictionaryEntry[]>;
    },
    CACHED,
  );
  const entries = data ?? NONE;
  return useMemo(() => Object.fromEntries(Object.entries(entries).map(([code, list]) => [code, labelEntries(list, language)])), [entries, language]);
}

/** Whole trees of referenced entities (tree-select options), by entity id. */
export function useReferenceTrees(refIds: readonly string[]): Record<string, TreeNode[]> {
  const unique = [...new Set(refIds)].sort();
  const { data } = useSWR(
    unique.length > 0 ? ['reference-trees', unique.join(',')] : null,
    async () => {
      const trees = await Promise.all(unique.map((id) => fetchReferenceTree(id).catch(() => [] as TreeNode[])));
      return Object.fromEntries(unique.map((id, index) => [id, trees[index]]));
    },
    { ...CACHED, dedupingInterval: 2000, keepPreviousData: true },
  );
  return data ?? {};
}

export type ReferenceLabels = Record<string, Record<string, string>>;

/** Titles by id of referenced entities that bind a tree, so a stored id reads as its name. */
export function useReferenceLabels(refIds: readonly string[]): ReferenceLabels {
  const trees = useReferenceTrees(refIds);
  return useMemo(() => Object.fromEntries(Object.entries(trees).map(([refId, nodes]) => [refId, titlesById(nodes)])), [trees]);
}

/** After a save or delete: dictionaries and reference trees may have changed, so they load again when next shown. */
export function invalidateLookups(): Promise<unknown> {
  forgetReferenceTrees();
  return mutate((key) => Array.isArray(key) && (key[0] === 'dictionaries' || key[0] === 'reference-trees' || key[0] === 'filter-tree'), undefined, {
    revalidate: true,
  });
}
