/**
 * The deployment page's calls (contract 14 §1 flow/deployment): the list of process definitions, one definition's
 * XML (detail), activate / suspend, change category, remove, and the manager's multipart upload of .bpmn files; the
 * tenants a platform administrator may deploy to.
 */
import type { Page } from '../../../../shared/envelope';
import { DESIGN, get, post } from '../forms/formsApi';

export interface Deployment {
  id: string;
  processKey: string;
  name: string;
  /** The definition's version (1, 2, … per process key); `version` is the row's own edit counter. */
  processVersion: number;
  categoryId?: string | null;
  categoryName?: string | null;
  deployTime?: string | null;
  /** 1 active, 2 suspended. */
  suspension: number;
  formKey?: string | null;
  xml?: string;
}

export const ACTIVE = 1;
export const SUSPENDED = 2;

export interface DeploymentQuery {
  current: number;
  size: number;
  name?: string;
  processKey?: string;
  categoryId?: string;
  suspension?: number;
}

export const fetchDeployments = (query: DeploymentQuery) => get<Page<Deployment>>(`${DESIGN}/deployment/list`, { ...query });

export const fetchDeployment = (id: string) => get<Deployment>(`${DESIGN}/deployment/detail`, { id });

export const changeDeploymentStatus = (id: string, status: 'active' | 'suspended') => post<unknown>(`${DESIGN}/deployment/changeStatus`, { id, status });

export const changeDeploymentCategory = (id: string, categoryId: string) => post<unknown>(`${DESIGN}/deployment/changeCategory`, { id, categoryId });

export const removeDeployments = (ids: string[]) => post<unknown>(`${DESIGN}/deployment/remove`, undefined, { ids });

/** Files of at most 2 MB each (the server checks again). */
export const MAX_BPMN_BYTES = 2 * 1024 * 1024;
export const MAX_BPMN_FILES = 10;

export interface UploadRequest {
  categoryId?: string;
  tenantIds: string[];
  files: File[];
}

/** POST /api/blade-flow/manager/deploy-upload, multipart: category, tenantIds (comma list) and the files. */
export function deployUpload({ categoryId, tenantIds, files }: UploadRequest) {
  const body = new FormData();
  if (categoryId) body.append('category', categoryId);
  if (tenantIds.length > 0) body.append('tenantIds', tenantIds.join(','));
  for (const file of files) body.append('files', file, file.name);
  return post<unknown>('/blade-flow/manager/deploy-upload', body);
}

export interface TenantChoice {
  tenantId: string;
  tenantName: string;
}

/** The tenants a platform administrator may deploy to (GET /api/blade-system/tenant/select). */
export const fetchTenants = () => get<TenantChoice[]>('/blade-system/tenant/select');
