/**
 * A field's regular expression as the administrator types it: bounded in
 * length, compiled the way the server's validator (ajv) and the browser
 * compile it (JavaScript, u flag), and free of the constructs that can make
 * one hostile value take exponential time (nested repetition, back-references).
 */
export const MAX_PATTERN_LENGTH = 255;

/** A problem with a pattern, in both languages; undefined when it is usable. */
export function patternProblem(pattern: string): { zh: string; en: string } | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return { zh: `正则表达式不能超过 ${MAX_PATTERN_LENGTH} 个字符`, en: `The pattern must be at most ${MAX_PATTERN_LENGTH} characters` };
  }
  try {
    // As the server's validator (ajv) and the browser compile it: a JavaScript expression with the u flag.
    new RegExp(pattern, 'u');
  } catch (error) {
    const reason = (error as Error).message.replace(/^Invalid regular expression: /, '');
    return { zh: `正则表达式无效：${reason}`, en: `The pattern is not a valid regular expression: ${reason}` };
  }
  // A repeated group that itself repeats ((a+)+, (\d*)*) can take exponential time on a hostile value.
  if (/\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)[+*{]/.test(pattern)) {
    return {
      zh: '正则表达式不能包含嵌套的重复（如 (a+)+），它会让校验耗时过长',
      en: 'The pattern must not nest repetitions (such as (a+)+): they can make validation take too long',
    };
  }
  if (/\\[1-9]|\\k</.test(pattern)) return { zh: '正则表达式不能使用反向引用', en: 'The pattern must not use back-references' };
  return undefined;
}
