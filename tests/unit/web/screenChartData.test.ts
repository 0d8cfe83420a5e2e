/** A big-screen chart is made only once it has something to draw (g2plot made on empty data never draws what comes later). */
import { describe, expect, it } from 'vitest';
import { hasChartData } from '../../../src/web/screens/chartData';

describe('big-screen chart data', () => {
  it('waits for rows in the kinds drawn from data', () => {
    expect(hasChartData('column', { data: [], xField: 'day' })).toBe(false);
    expect(hasChartData('line', { xField: 'day' })).toBe(false);
    expect(hasChartData('pie', { data: [{ type: 'a', value: 1 }] })).toBe(true);
  });

  it('waits for one non-empty series of a dual-axes chart', () => {
    expect(hasChartData('dualAxes', { data: [[], []] })).toBe(false);
    expect(hasChartData('dualAxes', { data: [[], [{ day: '11-26', km: 3 }]] })).toBe(true);
  });

  it('waits for a number in percent for a gauge or a liquid', () => {
    expect(hasChartData('gauge', { percent: undefined })).toBe(false);
    expect(hasChartData('liquid', { percent: Number.NaN })).toBe(false);
    expect(hasChartData('liquid', { percent: 0 })).toBe(true);
    expect(hasChartData('gauge', { percent: 0.71 })).toBe(true);
  });
});
