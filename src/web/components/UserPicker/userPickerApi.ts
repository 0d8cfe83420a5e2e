/** GET /api/blade-system/user/page (current, size, filters) → data.records / data.total. */
import type { Envelope, Page } from '../../../shared/envelope';
import { request } from '../../api/http';

export interface PickedUser {
  id: string;
  account?: string;
  name?: string;
  realName?: string;
  avatar?: string | null;
  deptName?: string | null;
  postName?: string | null;
}

export async function fetchUserPage(params: Record<string, string | number>): Promise<Page<PickedUser>> {
  return (await request<Envelope<Page<PickedUser>>>({ url: '/blade-system/user/page', params })).data.data;
}
