/**
 * Which big screen a console path belongs to (the screen menus of src/server/seed/menus.ts): the screen token
 * is asked for that screen's menu code. Paths of no screen open as ordinary pages.
 */
export type ScreenCode = 'screen_inspection' | 'screen_matrix' | 'screen_river';

const SCREEN_PREFIXES: [prefix: string, screen: ScreenCode][] = [
  ['/big-screen/', 'screen_inspection'],
  ['/show-big-screen/', 'screen_matrix'],
  ['/river-big-screen/', 'screen_river'],
];

export function screenOfPath(path: string): ScreenCode | undefined {
  const pathname = path.split(/[?#]/)[0];
  return SCREEN_PREFIXES.find(([prefix]) => `${pathname}/`.startsWith(prefix))?.[1];
}
