/**
 * The client schema of an entity, fetched once per session and shared by
 * every page and form that needs it (swr cache keyed by the entity id).
 */
import useSWR from 'swr';
import type { ClientSchema } from '../../shared/clientSchema';
import { fetchClientSchema } from './entityApi';

const FOREVER = { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false, dedupingInterval: 60 * 60 * 1000 };

export function useClientSchema(id: string | undefined): { schema: ClientSchema | undefined; error: unknown; isLoading: boolean } {
  const { data, error, isLoading } = useSWR(id ? ['client-schema', id] : null, ([, entityId]: [string, string]) => fetchClientSchema(entityId), FOREVER);
  return { schema: data, error, isLoading };
}
