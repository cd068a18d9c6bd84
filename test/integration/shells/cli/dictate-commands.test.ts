/**
 * `scribe dictate` prints the text exactly as it would be inserted, voice commands applied: the local
 * service "recognises" the dictation recording's three sentences as the words below — a sentence, then
 * "scratch that" alone, then another sentence; or a sentence, "go to sleep" alone, and a sentence said
 * asleep. With `dictationCommands` off (SCRIBE_DICTATION_COMMANDS=false) the words are text.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIR } from '../../../fixtures/audio/manifest.ts';
import { startStreamingHarness, type StreamingHarness } from '../../core/streaming/harness.ts';

/** A local service that hears `spoken` in the recording, and `scribe dictate` run against it. */
async function cliAgainst(spoken: string[]) {
  const dir = await mkdtemp(join(tmpdir(), 'scribe-dictate-commands-'));
  const manifest = JSON.parse(await readFile(join(FIXTURE_DIR, 'manifest.json'), 'utf8')) as {
    fixtures: Array<{ file: string; sentences: Array<{ text: string }> }>;
  };
  const dictation = manifest.fixtures.find((f) => f.file === 'dictation.wav')!;
  dictation.sentences.forEach((s, i) => (s.text = spoken[i]!));
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, fixtures: [dictation] }));
  const wav = join(dir, 'dictation.wav');
  await copyFile(join(FIXTURE_DIR, 'dictation.wav'), wav);
  const h: StreamingHarness = await startStreamingHarness({ streaming: { fixturesDir: dir } });
  await writeFile(join(dir, 'key.pem'), h.staticPem, { mode: 0o600 });
  const keep = ['PATH', 'HOME', 'XDG_RUNTIME_DIR', 'DBUS_SESSION_BUS_ADDRESS'];
  const env = {
    ...Object.fromEntries(keep.map((k) => [k, process.env[k]])),
    SCRIBE_SERVICE_URL: h.service.url,
    SCRIBE_CLIENT_ID: h.fixtures.staticClient.id,
    SCRIBE_PRIVATE_KEY_FILE: join(dir, 'key.pem'),
    SCRIBE_DATA_DIR: dir,
  };
  const dictate = (extra: Record<string, string> = {}) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        'npm',
        ['run', '--silent', 'scribe', '--', 'dictate', wav, '--fast', '--no-journal'],
        { env: { ...env, ...extra }, cwd: process.cwd() },
        (error, stdout, stderr) => resolve({ code: error ? 1 : 0, stdout, stderr }),
      ),
    );
  return { dictate, close: () => h.close() };
}

describe('scratch that', () => {
  const cli = cliAgainst(['the wound is clean period', 'scratch that', 'continue dressing daily period']);
  afterAll(async () => (await cli).close());

  it('takes the sentence before it out of the printed text; turned off, it is text', async () => {
    const { dictate } = await cli;
    const on = await dictate();
    expect(on.code).toBe(0);
    expect(on.stdout).toMatch(/^\s*continue dressing daily\.$/i);
    const off = await dictate({ SCRIBE_DICTATION_COMMANDS: 'false' });
    expect(off.stdout).toMatch(/wound is clean\..*[Ss]cratch that.*[Cc]ontinue dressing daily\./s);
  }, 120_000);
});

describe('go to sleep', () => {
  const cli = cliAgainst(['the wound is clean period', 'go to sleep', 'the coffee is cold period']);
  afterAll(async () => (await cli).close());

  it('what is said after it is left out of the printed text, and nothing is said about it', async () => {
    const { dictate } = await cli;
    const on = await dictate();
    expect(on.code).toBe(0);
    expect(on.stdout).toMatch(/^\s*the wound is clean\.$/i);
    expect(on.stderr).not.toMatch(/does nothing/);
  }, 120_000);
});
