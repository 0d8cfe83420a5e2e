/**
 * Flow conditions (contract 14 §4): `${ expression }` over the process variables — names, literals
 * (numbers, 'strings', true/false/null), `== != > >= < <= && || !`, parentheses and `+ - * /`.
 *
 * Parsed with jsep and evaluated by a whitelist walker of our own: no member access, no calls, no
 * `this`, no JavaScript evaluation of any kind — a condition is data an administrator types, and it
 * runs inside the server's transaction.
 */
import jsep from 'jsep';
import { badRequest } from '../../http/apiError.js';

type Node = jsep.Expression;

export const MAX_CONDITION_LENGTH = 1000;
const MAX_DEPTH = 32;

const BINARY = new Set(['==', '!=', '===', '!==', '>', '>=', '<', '<=', '&&', '||', '+', '-', '*', '/']);
const UNARY = new Set(['!', '-', '+']);

/** The expression inside `${ … }` (the wrapper is optional: a bare expression is read the same). */
function innerText(text: string): string {
  const trimmed = text.trim();
  const wrapped = /^\$\{([\s\S]*)\}$/.exec(trimmed);
  return (wrapped ? wrapped[1] : trimmed).trim();
}

const refuse = (text: string, zh: string, en: string) =>
  badRequest(`条件「${text.slice(0, 100)}」有误：${zh}`, `The condition "${text.slice(0, 100)}" is invalid: ${en}`);

/** Checks every node against the whitelist; answers the variable names the condition reads. */
function check(node: Node, text: string, depth: number, names: Set<string>): void {
  if (depth > MAX_DEPTH) throw refuse(text, '嵌套层次过多', 'it is nested too deeply');
  switch (node.type) {
    case 'Literal':
      if ((node as jsep.Literal).value instanceof RegExp) throw refuse(text, '不支持正则表达式', 'regular expressions are not supported');
      return;
    case 'Identifier':
      names.add((node as jsep.Identifier).name);
      return;
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      if (!UNARY.has(unary.operator)) throw refuse(text, `不支持运算符 ${unary.operator}`, `the operator ${unary.operator} is not supported`);
      check(unary.argument, text, depth + 1, names);
      return;
    }
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      if (!BINARY.has(binary.operator)) throw refuse(text, `不支持运算符 ${binary.operator}`, `the operator ${binary.operator} is not supported`);
      check(binary.left, text, depth + 1, names);
      check(binary.right, text, depth + 1, names);
      return;
    }
    case 'MemberExpression':
      throw refuse(text, '不支持属性访问（.）', 'property access (.) is not supported');
    case 'CallExpression':
      throw refuse(text, '不支持函数调用', 'function calls are not supported');
    default:
      throw refuse(text, `不支持的写法（${node.type}）`, `unsupported syntax (${node.type})`);
  }
}

export interface ParsedCondition {
  text: string;
  ast: Node;
  /** The variable names the condition reads. */
  variables: string[];
}

/** Parses and checks a condition; throws ApiError 400 naming the problem (zh, en). */
export function parseCondition(text: string): ParsedCondition {
  if (typeof text !== 'string' || text.trim() === '') throw badRequest('条件不能为空', 'The condition must not be empty');
  if (text.length > MAX_CONDITION_LENGTH)
    throw badRequest(`条件长度不能超过 ${MAX_CONDITION_LENGTH} 个字符`, `A condition may have at most ${MAX_CONDITION_LENGTH} characters`);
  const inner = innerText(text);
  if (inner === '') throw refuse(text, '表达式为空', 'the expression is empty');
  let ast: Node;
  try {
    ast = jsep(inner);
  } catch (error) {
    throw refuse(text, `无法解析（${(error as Error).message}）`, `it does not parse (${(error as Error).message})`);
  }
  const names = new Set<string>();
  check(ast, text, 0, names);
  return { text, ast, variables: [...names] };
}

const numericText = (value: unknown) => typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));

/** Equality as a form user means it: a number equals its text ('3' == 3), null equals a missing variable, else strict. */
function looselyEqual(a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (typeof a === 'number' && numericText(b)) return a === Number(b);
  if (typeof b === 'number' && numericText(a)) return Number(a) === b;
  if (typeof a === 'boolean' && typeof b === 'string') return String(a) === b;
  if (typeof b === 'boolean' && typeof a === 'string') return a === String(b);
  return a === b;
}

/** Order comparisons read numeric text as numbers (form values arrive as text). */
const comparable = (value: unknown) => (numericText(value) ? Number(value) : value);

function evaluate(node: Node, variables: Record<string, unknown>): unknown {
  switch (node.type) {
    case 'Literal':
      return (node as jsep.Literal).value;
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      // Own properties only: `constructor` or `__proto__` name nothing.
      return Object.prototype.hasOwnProperty.call(variables, name) ? variables[name] : null;
    }
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      const value = evaluate(unary.argument, variables);
      if (unary.operator === '!') return !value;
      const number = Number(comparable(value));
      return unary.operator === '-' ? -number : number;
    }
    case 'BinaryExpression': {
      const { operator, left, right } = node as jsep.BinaryExpression;
      if (operator === '&&') return evaluate(left, variables) ? evaluate(right, variables) : false;
      if (operator === '||') return evaluate(left, variables) || evaluate(right, variables);
      const a = evaluate(left, variables);
      const b = evaluate(right, variables);
      return binary(operator, a, b);
    }
    default:
      // check() lets nothing else through.
      throw new Error(`unexpected condition node ${node.type}`);
  }
}

function binary(operator: string, a: unknown, b: unknown): unknown {
  switch (operator) {
    case '==':
    case '===':
      return looselyEqual(a, b);
    case '!=':
    case '!==':
      return !looselyEqual(a, b);
    case '+':
      return typeof a === 'number' && typeof b === 'number' ? a + b : numericText(a) && numericText(b) ? Number(a) + Number(b) : `${a ?? ''}${b ?? ''}`;
    case '-':
      return Number(comparable(a)) - Number(comparable(b));
    case '*':
      return Number(comparable(a)) * Number(comparable(b));
    case '/':
      return Number(comparable(a)) / Number(comparable(b));
    default: {
      const x = comparable(a) as number;
      const y = comparable(b) as number;
      if (x === null || y === null) return false;
      if (operator === '>') return x > y;
      if (operator === '>=') return x >= y;
      if (operator === '<') return x < y;
      return x <= y;
    }
  }
}

const parsedCache = new Map<string, ParsedCondition>();

/** Evaluates a condition on the variables (parsed once per text); a missing variable reads as null. */
export function evaluateCondition(text: string, variables: Record<string, unknown>): boolean {
  let parsed = parsedCache.get(text);
  if (!parsed) {
    parsed = parseCondition(text);
    if (parsedCache.size > 5000) parsedCache.clear();
    parsedCache.set(text, parsed);
  }
  return Boolean(evaluate(parsed.ast, variables ?? {}));
}
