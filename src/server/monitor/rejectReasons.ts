/**
 * Why a reading offered by telemetry was refused (contract §B): one code per
 * kind of refusal, shared by the ingestion core, its answer (IngestResult.reasons,
 * rejectedByReason) and the rejection counter (monitor/ingestReject.reason).
 */
export const REJECT_REASONS = [
  'unknown_station',
  'bad_key',
  'unknown_element',
  'wrong_family',
  'out_of_range',
  'future_time',
  'bad_time',
  'bad_value',
  'too_many',
] as const;

export type RejectReason = (typeof REJECT_REASONS)[number];

export function isRejectReason(value: unknown): value is RejectReason {
  return typeof value === 'string' && (REJECT_REASONS as readonly string[]).includes(value);
}
