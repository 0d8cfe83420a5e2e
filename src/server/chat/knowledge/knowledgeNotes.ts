/**
 * The knowledge base of the built-in provider: short notes in knowledge/*.md
 * at the project root, each
 *
 *   # <title>
 *   来源：<standard, regulation or guide with its number and article>
 *   关键词：<optional words people ask with>
 *
 *   <text, 100–400 characters>
 *
 * Read once at start; a malformed note stops start-up with its file name
 * (like a broken schema), so a bad edit never ships silently.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../engine/schemaFiles.js';

export interface KnowledgeNote {
  /** The file name without .md. */
  id: string;
  title: string;
  source: string;
  keywords: string;
  text: string;
}

export const KNOWLEDGE_DIR = path.join(PROJECT_ROOT, 'knowledge');

export function parseNote(id: string, markdown: string): KnowledgeNote {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const title = /^#\s+(.+)$/.exec(lines[0] ?? '')?.[1]?.trim();
  const field = (name: string) =>
    lines
      .find((line) => line.startsWith(`${name}：`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const source = field('来源');
  const body = lines.slice(1).filter((line) => !/^(来源|关键词)：/.test(line));
  const text = body.join('\n').trim();
  if (!title || !source || !text) throw new Error(`knowledge/${id}.md: a note needs a "# title" line, a "来源：" line and a text`);
  return { id, title, source, keywords: field('关键词'), text };
}

export function loadNotes(dir: string = KNOWLEDGE_DIR): KnowledgeNote[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .sort()
    .map((name) => parseNote(name.slice(0, -3), fs.readFileSync(path.join(dir, name), 'utf8')));
}
