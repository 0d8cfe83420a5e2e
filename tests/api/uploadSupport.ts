/** Helpers of the attachment tests: a multipart upload built by hand (file name sent exactly as given) and raw downloads. */
import crypto from 'node:crypto';

export function multipartBody(fileName: string, content: Buffer, field = 'file'): { body: Buffer; contentType: string } {
  const boundary = `----rsc${crypto.randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName.replace(/"/g, '%22')}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head, 'utf8'), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json(): any;
}

export async function uploadFile(url: string, token: string, fileName: string, content: Buffer): Promise<RawAnswer> {
  const { body, contentType } = multipartBody(fileName, content);
  return rawFetch(`${url}/api/blade-resource/oss/endpoint/put-file-attach`, {
    method: 'POST',
    headers: { 'Blade-Auth': `bearer ${token}`, 'content-type': contentType },
    body: new Uint8Array(body),
  });
}

export async function rawFetch(url: string, init: RequestInit): Promise<RawAnswer> {
  const response = await fetch(url, init);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, json: () => JSON.parse(bytes.toString('utf8')) };
}

export function download(url: string, token: string, id: string): Promise<RawAnswer> {
  return rawFetch(`${url}/api/blade-resource/attach/download?id=${id}`, { headers: { 'Blade-Auth': `bearer ${token}` } });
}
