/**
 * A cheap look at an XML text before bpmn-moddle parses it (review 14, M2): moddle builds the whole tree
 * synchronously, so a 2 MB file of deeply nested or countless elements would block the server for
 * seconds. One linear scan counts the start tags and the nesting depth and refuses a DOCTYPE (entity
 * declarations have no place in a model); comments, CDATA and processing instructions are skipped.
 * What is malformed otherwise is left to the parser's own message.
 */

export const MAX_XML_TAGS = 5000;
export const MAX_XML_DEPTH = 50;

export interface XmlShapeProblem {
  zh: string;
  en: string;
}

/** Where the tag starting at `from` (just after `<`) ends: the index of its `>` (quoted `>` skipped), or -1. */
function tagEnd(xml: string, from: number): number {
  let quote = '';
  for (let i = from; i < xml.length; i += 1) {
    const char = xml[i];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return i;
  }
  return -1;
}

/** The first reason the text is too heavy or not allowed, or undefined. */
export function xmlShapeProblem(xml: string): XmlShapeProblem | undefined {
  let tags = 0;
  let depth = 0;
  let at = xml.indexOf('<');
  while (at !== -1) {
    let next: number;
    if (xml.startsWith('<!--', at)) next = xml.indexOf('-->', at + 4);
    else if (xml.startsWith('<![CDATA[', at)) next = xml.indexOf(']]>', at + 9);
    else if (xml.startsWith('<?', at)) next = xml.indexOf('?>', at + 2);
    else if (xml[at + 1] === '!') return { zh: '不允许 DOCTYPE 或实体声明', en: 'a DOCTYPE or entity declaration is not allowed' };
    else {
      next = tagEnd(xml, at + 1);
      if (next === -1) return undefined;
      if (xml[at + 1] === '/') depth -= 1;
      else {
        tags += 1;
        if (xml[next - 1] !== '/') depth += 1;
        if (tags > MAX_XML_TAGS) return { zh: `标签超过 ${MAX_XML_TAGS} 个`, en: `it has more than ${MAX_XML_TAGS} tags` };
        if (depth > MAX_XML_DEPTH) return { zh: `嵌套超过 ${MAX_XML_DEPTH} 层`, en: `it nests more than ${MAX_XML_DEPTH} levels deep` };
      }
    }
    if (next === -1) return undefined;
    at = xml.indexOf('<', next + 1);
  }
  return undefined;
}
