/**
 * `scribe doctor` and the Connect screen run one module of checks (main/core/api/connection-checks.ts): against
 * the local service, the doctor's lines for those checks carry the same names, in the same order, with the
 * same messages as the Connect screen's list, whether everything works or the sign-in is refused.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctor } from '../../../../main/shells/cli/commands/doctor.ts';
import { configSchema } from '../../../../main/core/config/config-schema.ts';
import { CONNECTION_CHECKS } from '../../../../main/core/api/connection-checks.ts';
import { checkDetailText, checkLabel } from '../../../../preload/words/index.ts';
import { createConnector } from '../../../../main/features/connection/connector.ts';
import { liveTranscribers } from '../../../../main/features/visit/live-transcriber.ts';
import { startHarness, type Harness } from '../../core/api/harness.ts';

const MICS = [{ id: 'm1', label: 'Desk microphone', isDefault: true }];
const AUDIO = { list: async () => MICS, open: () => Promise.reject(new Error('not opened')) as never };

let h: Harness;
let keyFile: string;
beforeAll(async () => {
  h = await startHarness();
  keyFile = join(await mkdtemp(join(tmpdir(), 'scribe-doctor-')), 'key.pem');
  await writeFile(keyFile, h.staticPem, { mode: 0o600 });
});
afterAll(() => h?.close());

async function both(clientId: string) {
  const connection = await createConnector({ audio: AUDIO, transcriber: liveTranscribers() }).connect(
    h.service.url,
    {
      kind: 'server',
      clientId,
      privateKeyPem: h.staticPem,
      keyId: null,
    } as never,
  );
  const app = await connection.checks();
  const lines: string[] = [];
  const config = configSchema.parse({ serviceUrl: h.service.url, clientId, privateKeyFile: keyFile });
  await doctor(
    config,
    (line) => lines.push(line),
    async () => MICS,
  );
  return { app, lines };
}

/** Each request gets its own trace id: compare messages without them. */
const untraced = (detail: string) => detail.replace(/trace [0-9a-f-]+/g, 'trace …');

/** The doctor's printed lines for the shared checks, as label + detail. */
function shared(lines: string[]): { label: string; detail: string; word: string }[] {
  const labels = CONNECTION_CHECKS.map((id) => checkLabel(id));
  return lines
    .map((line) => /^(\w+)\s+([^:]+): (.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => !!m && labels.includes(m[2]!))
    .map((m) => ({ word: m[1]!, label: m[2]!, detail: untraced(m[3]!) }));
}

describe('doctor and the Connect screen share their checks', () => {
  it('all pass: same names, order and messages', async () => {
    const { app, lines } = await both(h.fixtures.staticClient.id);
    expect(app.map((c) => checkLabel(c.id))).toEqual([
      'Service address',
      'Sign-in',
      'Note service',
      'Microphone',
    ]);
    expect(app.map((c) => c.status)).toEqual(['pass', 'pass', 'pass', 'pass']);
    expect(shared(lines)).toEqual(
      app.map((c) => ({ word: 'ok', label: checkLabel(c.id), detail: untraced(checkDetailText(c)) })),
    );
    expect(checkDetailText(app[2]!)).toMatch(/^\d+ note templates? available \(.+\)\.$/);
    expect(checkDetailText(app[3]!)).toBe('1 input found.');
    // The doctor's own checks come before (configuration, key) and the output format is unchanged.
    expect(lines[0]).toMatch(/^ok {4}configuration: /);
    expect(lines[1]).toMatch(/^ok {4}private key: /);
  });

  it('a refused sign-in: the same plain message in both, later checks skipped', async () => {
    const { app, lines } = await both('00000000-0000-4000-8000-000000000000');
    expect(app.map((c) => c.status)).toEqual(['pass', 'fail', 'skipped', 'pass']);
    expect(checkDetailText(app[1]!)).toMatch(/^The service refused these credentials\. .*HTTP 401/);
    expect(checkDetailText(app[2]!)).toBe('Needs a working sign-in first.');
    const words = { pass: 'ok', fail: 'FAIL', skipped: 'skip', warn: 'warn' } as const;
    expect(shared(lines)).toEqual(
      app.map((c) => ({
        word: words[c.status],
        label: checkLabel(c.id),
        detail: untraced(checkDetailText(c)),
      })),
    );
  });
});
