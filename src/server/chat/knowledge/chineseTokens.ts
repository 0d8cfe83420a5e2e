/**
 * Tokens for searching Chinese (and mixed Chinese/English) text, used for the
 * notes and for the question alike: the words Intl.Segmenter finds with the
 * Chinese dictionary (ICU), plus the character bigrams of every run of Han
 * characters — a word the dictionary does not know (汛限水位, 四预) is still
 * matched through its bigrams (a run of one character is the segmenter's word already).
 * Latin words and numbers are lower-cased (SL 551, BM25 treats "sl" and
 * "551" as terms). Punctuation and spaces are dropped.
 */
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const HAN_RUN = /\p{Script=Han}+/gu;
const LATIN_OR_NUMBER = /^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u;
/** Words so common in questions that they say nothing about the topic. */
const STOP_WORDS = new Set([
  '的',
  '了',
  '是',
  '吗',
  '呢',
  '和',
  '与',
  '及',
  '在',
  '有',
  '什么',
  '怎么',
  '如何',
  '哪些',
  '请问',
  '一下',
  'the',
  'a',
  'an',
  'of',
  'is',
  'what',
  'how',
  'and',
  'to',
  'in',
]);

function bigrams(run: string): string[] {
  const chars = [...run];
  const grams: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) grams.push(chars[i] + chars[i + 1]);
  return grams;
}

export function chineseTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const segment of segmenter.segment(text)) {
    if (!segment.isWordLike) continue;
    const word = segment.segment.toLowerCase();
    if (STOP_WORDS.has(word)) continue;
    if (/\p{Script=Han}/u.test(word) || LATIN_OR_NUMBER.test(word)) tokens.push(word);
  }
  for (const run of text.match(HAN_RUN) ?? []) for (const gram of bigrams(run)) if (!STOP_WORDS.has(gram)) tokens.push(gram);
  return tokens;
}
