import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeScriptedWav } from '../../../../main/programs/local-service/speech.ts';
import { call, serverToken, startHarness, userSession, type Harness } from './helpers.ts';

const S = '/v1/core/server';

describe('local service: POST /dictate-async (from a file URL) and its poll', () => {
  let h: Harness;
  let token: string;
  let files: Server;
  let base: string;
  beforeAll(async () => {
    h = await startHarness();
    token = await serverToken(h);
    const wav = writeScriptedWav('the patient is stable period', 2000);
    files = createServer((req, res) => {
      if (req.url === '/a.wav') res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav);
      else if (req.url === '/a.txt') res.writeHead(200, { 'content-type': 'text/plain' }).end('x');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    files.closeAllConnections();
    await new Promise((resolve) => files.close(resolve));
    await h.service.close();
  });

  const start = (body: Record<string, unknown>, bearer = token, prefix = S) =>
    call(h.service, 'POST', `${prefix}/dictate-async`, {
      token: bearer,
      body: { dictation_locale: 'ENGLISH_US', punctuation_mode: 'EXPLICIT', ...body },
    });

  it('downloads the file, runs as a job, and answers {dictation} at GET /dictate-async/{id}', async () => {
    const started = await start({ file_url: `${base}/a.wav`, client_request_id: 'dictation-1' });
    expect(started.status).toBe(200);
    const again = await start({ file_url: `${base}/a.wav`, client_request_id: 'dictation-1' });
    expect(again.body.id).toBe(started.body.id);
    let answer = await call(h.service, 'GET', `${S}/dictate-async/${started.body.id}`, { token });
    expect(answer.body.status).toBe('ONGOING');
    answer = await call(h.service, 'GET', `${S}/dictate-async/${started.body.id}`, { token });
    expect(answer.body).toMatchObject({
      status: 'SUCCEEDED',
      client_request_id: 'dictation-1',
      payload: { dictation: 'The patient is stable.' },
    });
    // The request log holds field sizes, never the values.
    const record = h.service.control.requests.find((r) => r.path === `${S}/dictate-async`);
    expect(record?.fields).toEqual({
      dictation_locale: 10,
      punctuation_mode: 8,
      file_url: `${base}/a.wav`.length,
      client_request_id: 11,
    });
    expect(JSON.stringify(h.service.control.requests)).not.toContain('a.wav');
  });

  it('is strict: a URL field, http(s) on loopback, an audio file, server callers only', async () => {
    expect((await start({})).status).toBe(400);
    expect((await start({ file_url: `${base}/a.wav`, audio_url: 'x' })).status).toBe(400);
    // The contract's `dictate_locale` is the name of a type, not a field: refused as unknown (public facts).
    const typeName = await start({
      file_url: `${base}/a.wav`,
      dictation_locale: undefined,
      dictate_locale: 'ENGLISH_US',
    });
    expect(typeName.status).toBe(400);
    expect(typeName.body.message).toMatch(/dictate_locale/);
    expect((await start({ file_url: 'ftp://127.0.0.1/a.wav' })).status).toBe(400);
    expect((await start({ file_url: 'https://example.com/a.wav' })).body.message).toMatch(/loopback/);
    expect((await start({ file_url: `${base}/missing.wav` })).body.message).toMatch(/HTTP 404/);
    expect((await start({ file_url: `${base}/a.txt` })).body.message).toMatch(/audio/);
    const user = await userSession(h, token);
    const asUser = await start({ file_url: `${base}/a.wav` }, user.access, '/v1/core/user');
    expect(asUser.status).toBe(404);
  });
});
