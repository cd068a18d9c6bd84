import type { IncomingMessage, ServerResponse } from 'node:http';
import { ServiceError, badRequest } from './errors.ts';

/** Largest request body the local service reads (audio files included). */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Reads the whole request body, refusing bodies larger than MAX_BODY_BYTES. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new ServiceError(413, 'PAYLOAD_TOO_LARGE', 'request body is too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** The media type of a request, lower-cased, without parameters. */
function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Parses a JSON request body; the content type must say JSON. */
export function parseJsonBody(req: IncomingMessage, raw: Buffer): unknown {
  if (mediaType(req) !== 'application/json') throw badRequest('Content-Type must be application/json');
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('request body is not valid JSON');
  }
}

/** Parses a multipart/form-data body with the platform's own parser (undici's FormData). */
export async function parseMultipart(req: IncomingMessage, raw: Buffer): Promise<FormData> {
  if (mediaType(req) !== 'multipart/form-data') throw badRequest('Content-Type must be multipart/form-data');
  try {
    const response = new Response(new Uint8Array(raw), {
      headers: { 'content-type': req.headers['content-type']! },
    });
    return await response.formData();
  } catch {
    throw badRequest('request body is not valid multipart/form-data');
  }
}

/** Writes a JSON answer. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    ...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}),
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
