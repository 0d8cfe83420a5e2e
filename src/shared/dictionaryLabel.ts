/**
 * The one rule for how a dictionary entry reads, shared by the console
 * (tables, selects, search forms, detail pages) and the server (.xlsx
 * exports): in English its English name (dictValueEn) when it has one,
 * otherwise — and always in Chinese — its name (dictValue).
 */
export interface LabelledDictionaryEntry {
  dictValue: string;
  /** Optional English name; empty or missing = none. */
  dictValueEn?: string | null;
}

/** The entry's label in the language (`en`, `en-US`, … read as English; anything else as Chinese). */
export function entryLabel(entry: LabelledDictionaryEntry, language: string | undefined): string {
  const english = entry.dictValueEn?.trim();
  return isEnglish(language) && english ? english : entry.dictValue;
}

function isEnglish(language: string | undefined): boolean {
  return !!language && /^en\b/i.test(language);
}
