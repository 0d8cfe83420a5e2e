/** How the big screens turn stored values into numbers and shares (one definition for every screen). */

/** A stored number (numeric columns arrive as strings) or null when absent or not a number. */
export function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A share in per cent with one decimal; 0 when there is nothing to share. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}
