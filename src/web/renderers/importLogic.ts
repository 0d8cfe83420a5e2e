/**
 * The pure rules of the generic import dialog: the per-row report of a
 * refused file, and where the register's template is downloaded.
 */
import type { ClientBinding, ClientSchema } from '../../shared/clientSchema';
import { RequestError } from '../api/request';

export interface ImportRowError {
  row: number;
  field?: string;
  message: string;
}

/** The per-row report of a refused import (`data.errors = [{row, message}]`), if the answer has one. */
export function importErrorsOf(error: unknown): ImportRowError[] {
  if (!(error instanceof RequestError)) return [];
  const errors = (error.body as { data?: { errors?: unknown } } | null)?.data?.errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter((item): item is ImportRowError => !!item && typeof item === 'object' && typeof (item as ImportRowError).message === 'string')
    .map((item) => ({ row: Number(item.row), field: item.field, message: item.message }));
}

/** The register's template download: a GET action whose name says template. */
export function templateBindingOf(schema: ClientSchema): ClientBinding | undefined {
  return Object.values(schema['x-api']).find((binding) => binding.method === 'GET' && /template/i.test(binding.name));
}
