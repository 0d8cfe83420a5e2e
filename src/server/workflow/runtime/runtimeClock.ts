/**
 * Times as the registers store them: `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai (no daylight saving, so a
 * fixed +8 h). The runtime takes "now" from the database once per action, so every row an action
 * writes carries the same time and the database's clock is the one that counts.
 */
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

/** A stored time plus some hours. */
export function addHours(text: string, hours: number): string {
  const instant = Date.parse(`${text.replace(' ', 'T')}Z`) + hours * 3600 * 1000;
  return new Date(instant).toISOString().slice(0, 19).replace('T', ' ');
}

/** An instant as a stored time. */
export function storedTime(date: Date): string {
  return new Date(date.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
