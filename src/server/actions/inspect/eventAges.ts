/**
 * The one list of age buckets for open events, used by the dashboard and the inspection big screen: 0–3 days,
 * 3–7, 7–30 and more than 30 days since the event was raised (its createTime: the time of the record, alarm or
 * patrol that raised it, or of the report).
 */
export const AGE_BUCKETS = [
  { key: '0-3', maxDays: 3 },
  { key: '3-7', maxDays: 7 },
  { key: '7-30', maxDays: 30 },
  { key: '30+', maxDays: Infinity },
] as const;

export type AgeBucket = (typeof AGE_BUCKETS)[number]['key'];

/** The bucket of an event raised `ageDays` ago (fractional days; exactly 3 days old is in 3–7). */
export function ageBucketOf(ageDays: number): AgeBucket {
  return (AGE_BUCKETS.find((bucket) => ageDays < bucket.maxDays) ?? AGE_BUCKETS[AGE_BUCKETS.length - 1]).key;
}

/** Counts per bucket, every bucket present and in order. */
export function countByAge(ages: readonly number[]): { key: AgeBucket; count: number }[] {
  const counts = AGE_BUCKETS.map((bucket) => ({ key: bucket.key as AgeBucket, count: 0 }));
  for (const age of ages) counts[AGE_BUCKETS.findIndex((bucket) => bucket.key === ageBucketOf(age))].count++;
  return counts;
}

/** SQL for the fractional days since a timestamp column, by the database's clock. */
export function ageDaysSql(column: string): string {
  return `(extract(epoch FROM (LOCALTIMESTAMP - ${column})) / 86400)`;
}
