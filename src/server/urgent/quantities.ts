/**
 * Stock quantities: positive numbers with at most three decimals (m³ of sand,
 * kg of wire). Sums are rounded to three decimals so that binary fractions
 * never leave a stock at -0.0000000001 or refuse a removal of the last 0.1.
 */
import { badRequest } from '../http/apiError.js';

const SCALE = 1000;

export function roundQuantity(value: number): number {
  const rounded = Math.round(value * SCALE) / SCALE;
  return rounded === 0 ? 0 : rounded;
}

export function assertQuantityPrecision(value: unknown, language: 'zh' | 'en'): void {
  const quantity = Number(value);
  if (Math.abs(quantity * SCALE - Math.round(quantity * SCALE)) > 1e-6) {
    const zh = '数量最多保留三位小数';
    const en = 'A quantity may have at most three decimals';
    throw badRequest(zh, en, { errors: [{ field: 'quantity', message: language === 'zh' ? zh : en }] });
  }
}
