/**
 * How a monitoring warning reads in the console, pure: the level's colour
 * (warning_level 1 blue, 2 yellow, 3 orange, 4 red), the figure with its
 * unit, and the sentence "库水位 123.45 m 超过汛限水位 123.00 m" in the
 * console's language (the limit's name is the tenant's own, as typed).
 */
import { elementByKey } from '../../../../shared/monitorElements';

/** antd Tag / notification colours by warning_level key. */
export const LEVEL_COLOURS: Record<string, string> = { '1': 'blue', '2': 'gold', '3': 'orange', '4': 'red' };
/** The same levels as plain CSS colours (the notification's border and icon). */
export const LEVEL_CSS: Record<string, string> = { '1': '#1677ff', '2': '#fadb14', '3': '#fa8c16', '4': '#f5222d' };

export const ACTIVE_STATE = 1;
export const CLEARED_STATE = 2;

/** Levels shown with two decimals (to the centimetre); the other elements keep their own precision. */
const DISPLAY_DECIMALS: Record<number, number> = { 1: 2 };

export function levelColour(level: unknown): string {
  return LEVEL_COLOURS[String(level)] ?? 'default';
}

export function levelCss(level: unknown): string {
  return LEVEL_CSS[String(level)] ?? '#8c8c8c';
}

/** A figure of the element with its decimals and unit: 123.45 m, 25.0 mm, 0.125 L/s. */
export function figure(element: number, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(Number(value))) return '';
  const facts = elementByKey(Number(element));
  const decimals = DISPLAY_DECIMALS[Number(element)] ?? facts?.decimals ?? 2;
  const text = Number(value).toFixed(decimals);
  return facts ? `${text} ${facts.unit}` : text;
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The crossing as a sentence: at or above (kinds 1, 3–5) "超过", at or below (kind 2) "低于"; rainfall totals name
 * their window. `value` is the figure to tell (the start value when raised, the latest when cleared).
 */
export function crossingText(
  t: Translate,
  warning: { element: number; limitKind: number; limitName: string; threshold: number },
  elementLabel: string,
  value: number | null | undefined,
): string {
  const kind = Number(warning.limitKind);
  const key = kind === 2 ? 'monitorWarnings.text.below' : kind >= 3 && kind <= 5 ? `monitorWarnings.text.total${kind}` : 'monitorWarnings.text.above';
  return t(key, {
    element: elementLabel,
    value: figure(warning.element, value),
    limit: warning.limitName,
    threshold: figure(warning.element, warning.threshold),
  });
}

/** The comparison a limit kind makes: ≥ (1), ≤ (2), the 1 h / 3 h / 24 h rainfall total ≥ (3–5). */
const KIND_SIGNS: Record<number, string> = { 1: '≥', 2: '≤', 3: '1h ≥', 4: '3h ≥', 5: '24h ≥' };

/** A limit in one cell: 汛限水位 ≥ 100.00 m. */
export function limitText(warning: Record<string, unknown>): string {
  const sign = KIND_SIGNS[Number(warning.limitKind)] ?? '';
  const threshold = figure(Number(warning.element), warning.threshold as number | null | undefined);
  return [warning.limitName, sign, threshold].filter((part) => part !== undefined && part !== null && part !== '').join(' ');
}
