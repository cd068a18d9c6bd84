import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CoreClient } from '../../../../main/core/api/core-client.ts';
import { ServerError } from '../../../../main/core/api/errors.ts';
import { HttpClient } from '../../../../main/core/api/transport/http.ts';
import type { AccessTokenSource } from '../../../../main/core/api/auth/token-source.ts';

/**
 * The retry rule of the foundation issue, at the level of the endpoints: 408/429/5xx are retried on
 * idempotent calls and on POSTs that carry a client_request_id, never on other POSTs.
 */
interface Sent {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

function core(answers: Array<[number, unknown]>) {
  const sent: Sent[] = [];
  let n = 0;
  const http = new HttpClient({
    baseUrl: new URL('https://us.api.example.com'),
    retry: { baseMs: 1, capMs: 2, maxRetries: 3 },
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      let body: Record<string, unknown> | undefined;
      if (typeof init?.body === 'string') body = JSON.parse(init.body);
      if (init?.body instanceof FormData) {
        const part = init.body.get('request_parameters') as Blob;
        body = JSON.parse(await part.text());
      }
      sent.push({ method: init?.method ?? 'GET', path: url.pathname, body });
      const [status, answer] = answers[Math.min(n++, answers.length - 1)]!;
      return new Response(JSON.stringify(answer), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch,
  });
  const auth: AccessTokenSource = {
    caller: 'server',
    token: async () => 'server-token',
    renew: async () => 'server-token',
  };
  return { client: new CoreClient(http, auth), sent };
}

const TRANSCRIPT = [{ text: 'The patient has had a cough for three days.', speaker_type: 'PATIENT' }];

describe('retry rules', () => {
  it('retries a 408 on an idempotent call (GET)', async () => {
    const { client, sent } = core([
      [408, { code: 1, name: 'REQUEST_TIMEOUT' }],
      [200, { templates: [{ key: 'SOAP' }] }],
    ]);
    expect((await client.listTemplates()).map((t) => t.key)).toEqual(['SOAP']);
    expect(sent).toHaveLength(2);
  });

  it('gives an async start a client_request_id even when the request says undefined, and retries with the same one', async () => {
    const { client, sent } = core([
      [408, {}],
      [503, {}],
      [200, { id: 'job-1' }],
    ]);
    const job = await client.generateNoteAsync({
      locale: 'ENGLISH_US',
      transcript_items: TRANSCRIPT,
      client_request_id: undefined,
    });
    expect(job.id).toBe('job-1');
    expect(sent).toHaveLength(3);
    const ids = sent.map((s) => s.body?.client_request_id);
    expect(typeof ids[0]).toBe('string');
    expect((ids[0] as string).length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(1);
  });

  it('keeps a client_request_id the caller gave', async () => {
    const { client, sent } = core([[200, { id: 'job-2' }]]);
    await client.generateNoteAsync({
      locale: 'ENGLISH_US',
      transcript_items: TRANSCRIPT,
      client_request_id: 'visit-42-note',
    });
    expect(sent[0]!.body?.client_request_id).toBe('visit-42-note');
  });

  it('sends a client_request_id with an async file transcription, so it is retried', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scribe-retry-'));
    const wav = join(dir, 'a.wav');
    await writeFile(wav, new Uint8Array(64));
    const { client, sent } = core([
      [503, {}],
      [200, { id: 'job-3' }],
    ]);
    await client.transcribeFileAsync(wav, { speech_locales: ['ENGLISH_US'] });
    expect(sent).toHaveLength(2);
    expect(typeof sent[0]!.body?.client_request_id).toBe('string');
    expect(sent[1]!.body?.client_request_id).toBe(sent[0]!.body?.client_request_id);
  });

  it('never retries a synchronous POST that carries no client_request_id', async () => {
    const note = core([
      [408, {}],
      [200, {}],
    ]);
    await expect(
      note.client.generateNote({ locale: 'ENGLISH_US', transcript_items: TRANSCRIPT }),
    ).rejects.toBeInstanceOf(Error);
    expect(note.sent).toHaveLength(1);

    const em = core([
      [503, {}],
      [200, { codes: [] }],
    ]);
    const error = await em.client
      .computeEmCodes({ em_specialty_kind: 'FAMILY_MEDICINE', client_request_id: 'ignored' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(em.sent).toHaveLength(1);
    // The contract shows no client_request_id on compute-em-codes: none is sent.
    expect(em.sent[0]!.body).toEqual({ em_specialty_kind: 'FAMILY_MEDICINE' });
  });
});
