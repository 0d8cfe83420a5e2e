/** The age buckets of the dashboard's open events: 0–3 days, 3–7, 7–30 and more than 30 days since the report. */
export const AGE_BUCKETS = [
  { key: '0-3', maxDays: 3 },
  { key: '3-7', maxDays: 7 },
  { key: '7-30', maxDays: 30 },
  { key: '30+', maxDays: Infinity },
] as const;

export type AgeBucket = (typeof AGE_BUCKETS)[number]['key'];

/** The bucket of an event reported `ageDays` ago (fractional days; exactly 3 days old is in 3–7). */
export function ageBucketOf(ageDays: number): AgeBucket {
  return (AGE_BUCKETS.find((bucket) => ageDays < bucket.maxDays) ?? AGE_BUCKETS[AGE_BUCKETS.length - 1]).key;
}
