/**
 * `scribe` against another service that follows the contract but answers with content this version does not
 * read: a template list keyed by template_key, a section of an unknown type, a subsection without a title,
 * malformed content. A minimal stand-in for the token and generate-note endpoints.
 */
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSCRIPT, type Harness } from '../../core/api/harness.ts';
import { scribe as run, serviceForCli, WITH_KEYCHAIN } from './scribe-run.ts';

const scribe = (args: string[], env: Record<string, string | undefined>) =>
  run(args, env, { inherit: WITH_KEYCHAIN });

/** The local service only lends its client key (and a folder for the transcript); every call goes to the stand-in. */
let cli: { h: Harness; dir: string; env: Record<string, string> };
let visit: string;
beforeAll(async () => {
  cli = await serviceForCli('scribe-other-service-');
  visit = join(cli.dir, 'visit.txt');
  await writeFile(visit, TRANSCRIPT.map((i) => `${i.speaker_type}: ${i.text}`).join('\n'));
});
afterAll(() => cli.h.close());

async function withNoteService(
  note: unknown,
  run: (env: Record<string, string>) => Promise<void>,
): Promise<void> {
  const answers: Record<string, unknown> = {
    '/v1/core/server/oauth/token': { access_token: 'stub-token', expires_in: 3600 },
    '/v1/core/server/generate-note': { note },
    // The contract's own field name for a template's key.
    '/v1/core/server/generate-note/templates': { templates: [{ template_key: 'SOAP', title: 'SOAP' }] },
  };
  const server = createServer((req, res) => {
    req.resume();
    const body = answers[new URL(req.url ?? '/', 'http://stub').pathname];
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { code: 1, name: 'NOT_FOUND', message: 'no' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await run({
      ...cli.env,
      SCRIBE_SERVICE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('scribe against another service that follows the contract', () => {
  it('doctor reads a template list keyed by template_key', async () => {
    await withNoteService({}, async (stubEnv) => {
      const run = await scribe(['doctor'], stubEnv);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^ok\s+Note service: 1 note template available \(SOAP note\)/m);
    });
  });
});

describe('scribe note with content this version does not read', () => {
  const noteWith = (content: unknown) => ({
    locale: 'ENGLISH_US',
    template_key: 'SOAP',
    sections: [
      { key: 'SUBJECTIVE', title: 'Subjective', content: { type: 'TEXT', text: 'Headache for two weeks.' } },
      { key: 'ASSESSMENT_AND_PLAN', title: 'Assessment and plan', content },
    ],
  });

  it('marks a section of an unknown type in the text and names it on stderr, never its content', async () => {
    const content = { type: 'TABLE', rows: [['CANARY-SECRET-VALUE']] };
    await withNoteService(noteWith(content), async (stubEnv) => {
      const run = await scribe(['note', '--transcript', visit], stubEnv);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(
        'SUBJECTIVE:\nHeadache for two weeks.\n\nASSESSMENT AND PLAN:\n[This section could not be shown by this version of Scribe]\n',
      );
      expect(run.stderr).toMatch(/warning: the "Assessment and plan" section \(ASSESSMENT_AND_PLAN\)/);
      expect(run.stderr).not.toMatch(/CANARY|TABLE/);
      const json = await scribe(['note', '--transcript', visit, '--json'], stubEnv);
      expect(JSON.parse(json.stdout).sections[1].content).toEqual(content);
    });
  });

  it('reads a subsection without a title', async () => {
    const content = {
      type: 'SUBSECTIONS',
      subsections: [{ id: '1', title: null, text: 'Start lisinopril.' }],
    };
    await withNoteService(noteWith(content), async (stubEnv) => {
      const run = await scribe(['note', '--transcript', visit], stubEnv);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/ASSESSMENT AND PLAN:\nStart lisinopril\.\n$/);
    });
  });

  it('refuses malformed content with a readable one-line reason, not an unexpected failure', async () => {
    await withNoteService(noteWith({ type: 'TEXT', text: 5 }), async (stubEnv) => {
      const run = await scribe(['note', '--transcript', visit], stubEnv);
      expect(run.code).toBe(4);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(
        /^scribe: The service sent an answer this app does not understand\. .*\(at note\.sections\.1\.content/,
      );
      expect(run.stderr).not.toMatch(/Unexpected failure/);
    });
  });
});
