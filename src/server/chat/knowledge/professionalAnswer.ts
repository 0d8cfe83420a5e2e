/**
 * The built-in professional answer: the notes that match the question best,
 * quoted with their sources; when nothing matches, says so and offers the
 * preset topics. Pure over the index, so it is unit-tested without a server.
 */
import type { Language } from '../../http/apiError.js';
import type { KnowledgeIndex } from './knowledgeIndex.js';

/** Notes quoted in one answer at most. */
export const QUOTED_NOTES = 2;
/** A further note is quoted only when it matches nearly as well as the best one (else it is noise). */
const SECOND_NOTE_SHARE = 0.4;

const PRESET_TOPICS_ZH = [
  '大坝安全监测的内容',
  '水库运行管理矩阵（四全、四制、四预、四管）',
  '水库数字孪生',
  '小型水库信息化现状',
  '巡视检查频次',
  '三个责任人',
];
const PRESET_TOPICS_EN = [
  'what dam safety monitoring covers',
  'the reservoir management matrix (四全, 四制, 四预, 四管)',
  'the reservoir digital twin',
  'the current state of small-reservoir informatization',
  'inspection frequencies',
  'the three responsible persons',
];

export function professionalAnswer(index: KnowledgeIndex, question: string, language: Language): string {
  const zh = language === 'zh';
  const found = index.search(question, QUOTED_NOTES);
  const matches = found.filter((match) => match.score >= found[0].score * SECOND_NOTE_SHARE);
  if (matches.length === 0) {
    const topics = (zh ? PRESET_TOPICS_ZH : PRESET_TOPICS_EN).map((topic) => `- ${topic}`).join('\n');
    return zh
      ? `知识库中没有找到与该问题相关的内容。内置知识库收录小型水库安全管理的规范要点，您可以问：\n\n${topics}`
      : `The knowledge base has nothing on this question. The built-in knowledge base holds the key points of small-reservoir safety rules (in Chinese); you can ask about:\n\n${topics}`;
  }
  const intro = zh ? '根据内置知识库：' : 'From the built-in knowledge base (notes in Chinese):';
  const quoted = matches.map(({ note }) => {
    const text = note.text
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
    return `### ${note.title}\n\n${text}\n\n${zh ? '来源' : 'Source'}：${note.source}`;
  });
  return [intro, ...quoted].join('\n\n');
}
