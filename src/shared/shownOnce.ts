/**
 * Values a save answers once and never again (platform-core §7 tenant and
 * client; security rules): the generated administrator password of a new
 * tenant, the generated secret of a new API client. The server stores only
 * their hashes; its answer lists them under `shownOnce` so that the console
 * shows them, whatever the register, in one dialog before they are gone.
 *
 * An entry may also be a value that is no secret but makes the secret usable
 * (the new tenant's id and administrator account): `secret` tells them apart.
 * `key` is the answer's own field carrying the same value (SpringBlade's name,
 * e.g. adminPassword), kept for API clients that read it there.
 */
export interface ShownOnceValue {
  key: string;
  label: string;
  labelEn: string;
  value: string;
  secret: boolean;
}

export interface ShownOnceAnswer {
  shownOnce?: ShownOnceValue[];
}

export function isShownOnceValue(entry: unknown): entry is ShownOnceValue {
  if (!entry || typeof entry !== 'object') return false;
  const { key, label, labelEn, value, secret } = entry as Record<string, unknown>;
  return (
    typeof key === 'string' &&
    typeof label === 'string' &&
    typeof labelEn === 'string' &&
    typeof value === 'string' &&
    value !== '' &&
    typeof secret === 'boolean'
  );
}

/** The shown-once entries of an answer (none when it has no well-formed list). */
export function shownOnceOf(answer: unknown): ShownOnceValue[] {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return [];
  const list = (answer as ShownOnceAnswer).shownOnce;
  return Array.isArray(list) ? list.filter(isShownOnceValue) : [];
}

function redacted(answer: Record<string, unknown>, entries: ShownOnceValue[]): Record<string, unknown> {
  const kept = { ...answer };
  delete kept.shownOnce;
  for (const entry of entries) if (entry.secret) delete kept[entry.key];
  return kept;
}

/** Answer fields of the user flows that carry generated initial passwords (addUser, reset-password, import). */
const INITIAL_PASSWORD_KEYS = ['initialPassword', 'initialPasswords'];

function hasSecrets(record: Record<string, unknown>): boolean {
  return shownOnceOf(record).length > 0 || INITIAL_PASSWORD_KEYS.some((key) => key in record);
}

function withoutSecrets(record: Record<string, unknown>): Record<string, unknown> {
  const kept = redacted(record, shownOnceOf(record));
  for (const key of INITIAL_PASSWORD_KEYS) delete kept[key];
  return kept;
}

/**
 * The answer as it may be kept or replayed (an idempotent write stores its
 * answer): without the shown-once list, the fields carrying a secret of it
 * and generated initial passwords, whether in the data or the envelope
 * around it. Other answers are returned as they are.
 */
export function withoutShownOnce<T>(answer: T): T {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return answer;
  const record = answer as Record<string, unknown>;
  if (hasSecrets(record)) return withoutSecrets(record) as T;
  const data = record.data;
  if (data && typeof data === 'object' && !Array.isArray(data) && hasSecrets(data as Record<string, unknown>)) {
    return { ...record, data: withoutSecrets(data as Record<string, unknown>) } as T;
  }
  return answer;
}
