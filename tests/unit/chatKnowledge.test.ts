/**
 * The built-in assistant's knowledge base: the Chinese tokenizer, the notes
 * shipped in knowledge/*.md and the BM25 retrieval over them.
 */
import { describe, expect, it } from 'vitest';
import { chineseTokens } from '../../src/server/chat/knowledge/chineseTokens.js';
import { buildKnowledgeIndex, knowledgeIndex } from '../../src/server/chat/knowledge/knowledgeIndex.js';
import { loadNotes, parseNote } from '../../src/server/chat/knowledge/knowledgeNotes.js';
import { professionalAnswer } from '../../src/server/chat/knowledge/professionalAnswer.js';

describe('the Chinese tokenizer', () => {
  it('gives dictionary words, Han bigrams and lower-cased Latin words and numbers, without punctuation or stop words', () => {
    const tokens = chineseTokens('汛限水位是多少？SL 551-2012');
    expect(tokens).toEqual(expect.arrayContaining(['水位', '汛限', '限水', 'sl', '551', '2012']));
    expect(tokens).not.toContain('？');
    expect(tokens).not.toContain('的');
    expect(chineseTokens('水')).toEqual(['水']);
    expect(chineseTokens('，。！')).toEqual([]);
  });

  it('lets a term the dictionary does not know match through its bigrams', () => {
    expect(chineseTokens('四预')).toContain('四预');
    expect(chineseTokens('强化四预措施')).toContain('四预');
  });
});

describe('the notes', () => {
  const notes = loadNotes();

  it('ships 25–40 notes, each with a title, a source and a text of 100–400 characters', () => {
    expect(notes.length).toBeGreaterThanOrEqual(25);
    expect(notes.length).toBeLessThanOrEqual(40);
    for (const note of notes) {
      expect(note.title.length, note.id).toBeGreaterThan(1);
      expect(note.source.length, note.id).toBeGreaterThan(3);
      expect([...note.text].length, note.id).toBeGreaterThanOrEqual(100);
      expect([...note.text].length, note.id).toBeLessThanOrEqual(400);
    }
  });

  it('cites articles of 《小型水库安全管理办法》 only where the domain notes name them (20, 22–25), and not for the inspection frequencies', () => {
    // The domain notes (shared/reference/domain.md) give what Art. 20 and 22–25 say; no other article, and the
    // frequencies come from the inspection-system template, not from an article.
    const named = new Set(['二十', '二十二', '二十三', '二十四', '二十五']);
    for (const note of notes) {
      for (const [, article] of `${note.source}\n${note.text}`.matchAll(/第([一二三四五六七八九十]+)条/g)) {
        expect(named.has(article ?? ''), `${note.id}: 第${article}条`).toBe(true);
      }
    }
    expect(notes.find((note) => note.id === '21-inspection-frequency')?.source).not.toMatch(/第.+条/);
  });

  it('refuses a note without its title or source', () => {
    expect(() => parseNote('bad', '没有标题\n\n正文')).toThrow(/knowledge\/bad\.md/);
    expect(() => parseNote('bad', '# 标题\n\n正文')).toThrow(/来源/);
    expect(parseNote('ok', '# 标题\n来源：SL 551-2012\n\n正文').source).toBe('SL 551-2012');
  });
});

describe('retrieval', () => {
  const index = knowledgeIndex();
  const best = (question: string) => index.search(question, 1)[0]?.note.id;

  it('finds the note of each preset question', () => {
    expect(best('大坝安全监测的内容有哪些？')).toBe('01-dam-safety-monitoring-content');
    expect(best('水库运行管理矩阵有哪些规定')).toBe('05-reservoir-management-matrix');
    expect(best('什么是水库数字孪生')).toBe('10-reservoir-digital-twin');
    expect(best('小型水库信息化现状如何')).toBe('11-informatization-status');
  });

  it('finds notes on inspection frequency, the three responsible persons and rainfall grades', () => {
    expect(best('汛期巡查频次')).toBe('21-inspection-frequency');
    expect(best('三个责任人是哪三个')).toBe('26-three-responsible-persons');
    expect(best('暴雨的24小时雨量是多少')).toBe('19-rainfall-grades');
  });

  it('finds nothing for a question outside the knowledge base', () => {
    expect(index.search('红烧肉怎么做')).toEqual([]);
    expect(index.search('今天天气怎么样')).toEqual([]);
  });

  it('ranks by BM25: a rarer shared term outweighs a common one', () => {
    const small = buildKnowledgeIndex(
      [
        { id: 'a', title: '水库', source: 's', keywords: '', text: '水库水库水库水库' },
        { id: 'b', title: '管涌', source: 's', keywords: '', text: '水库坝脚管涌' },
      ],
      0,
    );
    expect(small.search('水库管涌', 2).map((m) => m.note.id)).toEqual(['b', 'a']);
  });
});

describe('the professional answer', () => {
  const index = knowledgeIndex();

  it('quotes the best note and cites its source', () => {
    const answer = professionalAnswer(index, '三个责任人是哪三个', 'zh');
    expect(answer).toContain('### 小型水库的三个责任人');
    expect(answer).toContain('> 每座小型水库都要落实三个责任人');
    expect(answer).toContain('来源：辽宁省小型水库防汛');
  });

  it('says when nothing matches and offers the preset topics, in English too', () => {
    expect(professionalAnswer(index, '红烧肉怎么做', 'zh')).toMatch(/^知识库中没有找到[\s\S]*水库数字孪生/);
    expect(professionalAnswer(index, 'how to cook', 'en')).toMatch(/^The knowledge base has nothing[\s\S]*digital twin/);
  });
});
