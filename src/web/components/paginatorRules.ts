/** The generic paginator's numbers (platform-core §2, §9): sizes 10/20/30/50, default 20, pager count 5 under 992 px else 7. */
import { PAGINATOR_SIZES } from '../../shared/constants';

export const PAGE_SIZES: readonly number[] = PAGINATOR_SIZES;
export const DEFAULT_PAGE_SIZE = 20;
export const USER_PICKER_PAGE_SIZE = 10;

export function pagerCount(width: number): 5 | 7 {
  return width < 992 ? 5 : 7;
}

/** After a size change the current page is kept when it still exists, else the last page. */
export function pageAfterSizeChange(current: number, total: number, size: number): number {
  const pages = Math.max(1, Math.ceil(total / size));
  return Math.min(Math.max(1, current), pages);
}
