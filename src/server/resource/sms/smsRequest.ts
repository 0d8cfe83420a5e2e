/**
 * The send-message request (code, phones, params), from the query string or
 * the body alike, checked before anything is sent: every phone number has 11
 * digits and starts with 1 (platform-core §5, with its messages), at most
 * MAX_PHONES numbers, params a JSON object of plain values.
 */
import { badRequest } from '../../http/apiError.js';

export const MAX_PHONES = 100;

export interface SmsRequest {
  /** A configuration's code or template id; absent = the enabled configuration. */
  code?: string;
  phones: string[];
  params: Record<string, string>;
}

type Input = Record<string, unknown>;

function textOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

export function parsePhones(raw: unknown): string[] {
  const text = Array.isArray(raw) ? raw.map(String).join(',') : textOf(raw);
  const phones = [
    ...new Set(
      (text ?? '')
        .split(/[,，\s]+/)
        .map((p) => p.trim())
        .filter(Boolean),
    ),
  ];
  if (phones.length === 0) throw badRequest('手机号码不能为空', 'Please enter the phone numbers');
  if (phones.length > MAX_PHONES) throw badRequest(`一次最多发送给 ${MAX_PHONES} 个手机号码`, `At most ${MAX_PHONES} phone numbers at once`);
  for (const phone of phones) {
    if (phone.length !== 11) throw badRequest(`手机号码长度不为11位：${phone.slice(0, 20)}`, `A phone number has 11 digits: ${phone.slice(0, 20)}`);
    if (!/^1\d{10}$/.test(phone)) throw badRequest(`手机号码格式不正确：${phone}`, `Not a phone number: ${phone}`);
  }
  return phones;
}

export function parseParams(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null || raw === '') return {};
  let value: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.length > 2000) throw badRequest('短信参数过长（最多 2000 个字符）', 'The parameters are too long (at most 2000 characters)');
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('短信参数必须是 JSON 对象，例如 {"code":"1234"}', 'The parameters must be a JSON object, e.g. {"code":"1234"}');
  }
  const params: Record<string, string> = {};
  for (const [name, inner] of Object.entries(value as Input)) {
    const text = typeof inner === 'string' || typeof inner === 'number' || typeof inner === 'boolean' ? String(inner) : undefined;
    if (text === undefined || !/^[A-Za-z0-9_]{1,32}$/.test(name)) {
      throw badRequest(
        `短信参数「${name.slice(0, 32)}」不正确：参数名为字母数字，值为文本或数字`,
        `The parameter "${name.slice(0, 32)}" is wrong: names are letters and digits, values text or numbers`,
      );
    }
    params[name] = text.slice(0, 500);
  }
  return params;
}

export function parseSmsRequest(query: Input, body: unknown): SmsRequest {
  const fromBody = body && typeof body === 'object' && !Array.isArray(body) ? (body as Input) : {};
  const pick = (name: string) => query[name] ?? fromBody[name];
  const code = textOf(pick('code'))?.trim();
  if (code !== undefined && code.length > 64) throw badRequest('资源编号过长', 'The code is too long');
  return { code: code || undefined, phones: parsePhones(pick('phones')), params: parseParams(pick('params')) };
}
