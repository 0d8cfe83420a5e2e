/**
 * The event of the page's `?id=`, loaded fresh each time the page opens (its
 * state changes under other users' hands) and again in another language (the
 * server's labels are in the caller's language).
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { fetchEventDetail } from './eventApi';

export function useEventDetail() {
  const { i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useSWR(id ? ['event-detail', id, i18n.language] : null, () => fetchEventDetail(id), { revalidateOnFocus: false, dedupingInterval: 0 });
  return { id, answer: detail.data, error: detail.error as unknown, reload: detail.mutate };
}
