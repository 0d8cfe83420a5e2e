/** When a big-screen chart (ScreenChart) has something to draw: g2plot charts are made only then. */
export type ScreenChartKind = 'line' | 'column' | 'bar' | 'pie' | 'area' | 'gauge' | 'liquid' | 'radar' | 'dualAxes';

/**
 * Whether the options carry something to draw: the kinds drawn from one value (gauge, liquid) a number in `percent`,
 * the others a non-empty `data` (dualAxes: one non-empty series).
 */
export function hasChartData(kind: ScreenChartKind, options: Record<string, unknown>): boolean {
  if (kind === 'gauge' || kind === 'liquid') return typeof options.percent === 'number' && Number.isFinite(options.percent);
  const { data } = options;
  if (!Array.isArray(data)) return false;
  if (kind === 'dualAxes') return data.some((series) => !Array.isArray(series) || series.length > 0);
  return data.length > 0;
}
