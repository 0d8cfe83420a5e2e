/**
 * The parameter segment of the parameterised workflow pages
 * (/workflow/process/detail/:params, /workflow/process/start/:params):
 * base64url of a small JSON object — {processInstanceId, taskId?} for a
 * detail page, {processDefinitionId} or {processDefinitionKey} for a start
 * page. One segment keeps the menu gate's path simple and the ids opaque in
 * links. Shared by the console (links, pages) and the server (inbox targets).
 */

/** What a workflow page address carries; ids are strings (64-bit ids do not fit a JS number). */
export interface WorkflowParams {
  processInstanceId?: string;
  taskId?: string;
  processDefinitionId?: string;
  processDefinitionKey?: string;
  [key: string]: string | undefined;
}

/** A decoded segment longer than this is not one of ours (a few ids fit in ~200 characters). */
const MAX_ENCODED_LENGTH = 2048;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64UrlToBytes(text: string): Uint8Array {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The segment for a page address: undefined values are left out, so equal params give equal links. */
export function encodeWorkflowParams(params: WorkflowParams): string {
  const defined = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== ''));
  return bytesToBase64Url(new TextEncoder().encode(JSON.stringify(defined)));
}

/**
 * The params of a segment, or null when it is not one (bad characters, not
 * UTF-8 JSON, not an object). Numbers are taken as text (a hand-made link
 * may carry an id as a number); other values are dropped, never trusted.
 */
export function decodeWorkflowParams(text: string | null | undefined): WorkflowParams | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_ENCODED_LENGTH || !BASE64URL.test(text)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64UrlToBytes(text)));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const params: WorkflowParams = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'string') params[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) params[key] = String(value);
  }
  return params;
}
