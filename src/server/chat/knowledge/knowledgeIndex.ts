/**
 * Retrieval over the knowledge notes: a MiniSearch index (BM25) over title,
 * keywords and text with the Chinese tokenizer, built once per process. A
 * question finds the notes sharing the most (and rarest) terms with it; a
 * result below MIN_SCORE means the knowledge base has nothing on the topic.
 */
import MiniSearch from 'minisearch';
import { chineseTokens } from './chineseTokens.js';
import { loadNotes, type KnowledgeNote } from './knowledgeNotes.js';

/** Below this BM25 score a match is a stray shared word, not an answer. */
export const MIN_SCORE = 15;

export interface NoteMatch {
  note: KnowledgeNote;
  score: number;
}

export interface KnowledgeIndex {
  notes: KnowledgeNote[];
  search(question: string, limit?: number): NoteMatch[];
}

export function buildKnowledgeIndex(notes: KnowledgeNote[], minScore = MIN_SCORE): KnowledgeIndex {
  const index = new MiniSearch<KnowledgeNote>({
    fields: ['title', 'keywords', 'text'],
    idField: 'id',
    tokenize: chineseTokens,
    processTerm: (term) => term,
    searchOptions: { boost: { title: 3, keywords: 2 }, combineWith: 'OR', prefix: false, fuzzy: false },
  });
  index.addAll(notes);
  const byId = new Map(notes.map((note) => [note.id, note]));
  return {
    notes,
    search(question, limit = 3) {
      return index
        .search(question)
        .filter((result) => result.score >= minScore)
        .slice(0, limit)
        .map((result) => ({ note: byId.get(String(result.id))!, score: result.score }));
    },
  };
}

let shared: KnowledgeIndex | undefined;

/** The index of knowledge/*.md, built at the first call (the server calls it at start). */
export function knowledgeIndex(): KnowledgeIndex {
  shared ??= buildKnowledgeIndex(loadNotes());
  return shared;
}
