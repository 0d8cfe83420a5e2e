/**
 * The big screens, named by their menu codes (src/server/seed/menus.ts). A screen token names one of them;
 * an x-api binding or a hand-written route lists the screens whose token may call it (`screens`).
 */
export const SCREEN_CODES = ['screen_inspection', 'screen_matrix', 'screen_river'] as const;

export type ScreenCode = (typeof SCREEN_CODES)[number];

export function isScreenCode(value: unknown): value is ScreenCode {
  return typeof value === 'string' && (SCREEN_CODES as readonly string[]).includes(value);
}
