/** Reading the parameters of the workflow design actions: ids, tenant lists and the chosen category. */
import { badRequest } from '../../http/apiError.js';
import { isBlank, optionalId, type Params } from '../system/actionParams.js';

/** Target tenants as a JSON array or a comma list of 6-digit tenant ids (at most 50). */
export function tenantIdsOf(raw: unknown): string[] {
  if (isBlank(raw)) return [];
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : undefined;
  if (!items || items.length > 50) throw badRequest('参数 tenantIds 不正确', 'The parameter tenantIds is not valid');
  const ids = [...new Set(items.map((item) => (typeof item === 'string' || typeof item === 'number' ? String(item).trim() : '')).filter(Boolean))];
  if (ids.some((id) => !/^[0-9]{6}$/.test(id))) throw badRequest('参数 tenantIds 不正确', 'The parameter tenantIds is not valid');
  return ids;
}

/** The category of a deploy or move: `categoryId`, or `category` as the SpringBlade console sends it; blank = none. */
export function categoryIdOf(params: Params): string | null {
  return optionalId(params.categoryId ?? params.category, 'categoryId');
}
