/**
 * The demo history of one goods (pure): purchases, a use in the flood season
 * and a write-off, dated back from today, that end exactly at the catalog's
 * stock and never take it below zero on the way. Deterministic per seed text,
 * so a demo looks the same on every machine.
 */
import type { MovementSource } from '../urgent/movementKinds.js';
import type { GoodsSeed } from './urgentSuppliesCatalog.js';

export interface PlannedMovement {
  source: MovementSource;
  quantity: number;
  daysAgo: number;
  stockBefore: number;
  stockAfter: number;
}

/** A small deterministic generator (mulberry32) seeded from a text. */
export function randomFrom(text: string): () => number {
  let state = [...text].reduce((hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0, 2166136261);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const between = (random: () => number, low: number, high: number) => Math.floor(low + random() * (high - low + 1));

/** The day `daysAgo` before today in Asia/Shanghai (negative: after today), as yyyy-MM-dd. */
export function dayBefore(daysAgo: number): string {
  return new Date(Date.now() + 8 * 3600_000 - daysAgo * 86400_000).toISOString().slice(0, 10);
}

/** A made-up but well-formed mobile number, the same for the same text. */
export const phoneOf = (text: string) => `13${String(Math.floor(randomFrom(text)() * 1e9)).padStart(9, '0')}`;

export function planMovements(goods: GoodsSeed, random: () => number): PlannedMovement[] {
  const used = Math.round(goods.stock * (goods.usedShare ?? 0));
  const writtenOff = Math.round(goods.stock * (goods.writtenOffShare ?? 0));
  const bought = goods.stock + used + writtenOff;
  // The first purchase covers at least the use that follows it; a second one tops up after the flood season.
  const first = used + writtenOff > 0 && bought >= 10 ? Math.max(used, Math.round(bought * (0.6 + random() * 0.2))) : bought;
  const steps: Omit<PlannedMovement, 'stockBefore' | 'stockAfter'>[] = [
    { source: 'purchase', quantity: first, daysAgo: between(random, 330, 400) },
    { source: 'goodsUsed', quantity: used, daysAgo: between(random, 200, 300) },
    { source: 'purchase', quantity: bought - first, daysAgo: between(random, 120, 180) },
    { source: 'removal', quantity: writtenOff, daysAgo: between(random, 20, 90) },
  ];
  let stock = 0;
  return steps
    .filter((step) => step.quantity > 0)
    .map((step) => {
      const stockBefore = stock;
      stock += step.source === 'purchase' ? step.quantity : -step.quantity;
      return { ...step, stockBefore, stockAfter: stock };
    });
}
