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

/** An estimated total as a person reads one: two significant digits (62,487 → 62,000), grouped the language's way. */
export function approximateTotal(total: number, language: string): string {
  const dropped = Math.max(0, String(Math.round(total)).length - 2);
  const rounded = Math.round(total / 10 ** dropped) * 10 ** dropped;
  return new Intl.NumberFormat(language).format(rounded);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A list's total for its paginator: exact (`exactKey`, "共 340 条"), or, when the server flagged it
 * `totalIsEstimate` (more rows matched than it counts exactly), said as an estimate ("约 62,000 条").
 */
export function totalText(t: Translate, total: number, isEstimate: boolean | undefined, language: string, exactKey = 'shell.paginator.total'): string {
  return isEstimate ? t('shell.paginator.totalEstimate', { total: approximateTotal(total, language) }) : t(exactKey, { total });
}
