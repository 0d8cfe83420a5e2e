import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/server/http/apiError.js';
import { evaluateCondition, parseCondition } from '../../src/server/workflow/bpmn/conditions.js';

function refusal(text: string): ApiError {
  try {
    parseCondition(text);
  } catch (error) {
    return error as ApiError;
  }
  throw new Error(`"${text}" was accepted`);
}

describe('workflow conditions (contract 14 §4)', () => {
  it('reads the process variables by name, with or without the ${ } wrapper', () => {
    expect(evaluateCondition('${pass}', { pass: true })).toBe(true);
    expect(evaluateCondition('${pass}', { pass: false })).toBe(false);
    expect(evaluateCondition('${!pass}', { pass: false })).toBe(true);
    expect(evaluateCondition('days > 3', { days: 5 })).toBe(true);
    expect(parseCondition("${ days >= 3 && leaveType == '1' }").variables.sort()).toEqual(['days', 'leaveType']);
  });

  it('compares, combines and calculates', () => {
    const variables = { days: 4, leaveType: '2', amount: 1200, pass: true };
    expect(evaluateCondition("${days >= 3 && leaveType == '2'}", variables)).toBe(true);
    expect(evaluateCondition("${days < 3 || leaveType != '2'}", variables)).toBe(false);
    expect(evaluateCondition('${(amount - 200) / 2 == 500}', variables)).toBe(true);
    expect(evaluateCondition('${amount * 2 > 2000 && !(days == 4)}', variables)).toBe(false);
    expect(evaluateCondition('${-days + 5 == 1}', variables)).toBe(true);
    expect(evaluateCondition('${pass == true && remark == null}', variables)).toBe(true);
  });

  it('reads a form value sent as text as the number it is', () => {
    expect(evaluateCondition('${days > 3}', { days: '10' })).toBe(true);
    expect(evaluateCondition('${days == 10}', { days: '10' })).toBe(true);
    expect(evaluateCondition('${days > 3}', { days: '2' })).toBe(false);
  });

  it('reads a missing variable as null: comparisons with it are false', () => {
    expect(evaluateCondition('${days > 3}', {})).toBe(false);
    expect(evaluateCondition('${pass}', {})).toBe(false);
    expect(evaluateCondition('${constructor}', {})).toBe(false);
    expect(evaluateCondition('${__proto__ == null}', {})).toBe(true);
  });

  it('refuses member access, calls, this, arrays, ternaries and unknown operators with a 400 naming the problem', () => {
    const cases: [string, RegExp][] = [
      ['${process.exit}', /属性访问/],
      ["${a['constructor']}", /属性访问/],
      ['${exit(1)}', /函数调用/],
      ['${this}', /不支持的写法/],
      ['${[1,2]}', /不支持的写法/],
      ['${a ? b : c}', /不支持的写法/],
      ['${a = 1}', /不支持|无法解析/],
      ['${a & 1}', /运算符 &/],
      ['${~a}', /运算符 ~/],
      ['${a; b}', /不支持的写法/],
      ['${a >}', /无法解析/],
      ['${}', /表达式为空/],
      ['', /不能为空/],
    ];
    for (const [text, message] of cases) {
      const error = refusal(text);
      expect(error.status, text).toBe(400);
      expect(error.text.zh, text).toMatch(message);
      expect(error.text.en, text).not.toBe('');
    }
  });

  it('refuses a condition longer than 1000 characters', () => {
    expect(refusal(`\${${'a || '.repeat(300)}a}`).text.zh).toMatch(/1000/);
  });
});
