/** Colours the matrix screens use for states (on the dark stage). */
export const MATRIX_COLORS = {
  good: '#3ee08f',
  info: '#37d0ff',
  warn: '#ffc53d',
  bad: '#ff6b6b',
  muted: '#7f9cc6',
  series: ['#37d0ff', '#3ee08f', '#ffc53d', '#ff8a4c', '#b37feb', '#ff6b6b'],
  warningLevels: { 1: '#3ba1ff', 2: '#ffd54a', 3: '#ff8a3d', 4: '#ff4d4f' } as Record<number, string>,
  safetyClasses: { 1: '#3ee08f', 2: '#ffc53d', 3: '#ff6b6b' } as Record<number, string>,
};

/** A rate coloured by how good it is (per cent). */
export function rateColor(rate: number): string {
  if (rate >= 90) return MATRIX_COLORS.good;
  if (rate >= 60) return MATRIX_COLORS.warn;
  return MATRIX_COLORS.bad;
}
