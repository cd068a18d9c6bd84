/**
 * `scribe recover` prints a recovered dictation as `scribe dictate` would have printed it, voice commands
 * applied: the local service "recognises" the dictation recording as a sentence, then "scratch that" alone,
 * then a sentence ending in "next field". The dictation is journaled in this process (the app's kit, the
 * CLI's journal folder and the real keychain), cut before the service answered, and recovered by the CLI:
 * scratch that is applied, next field is left out and named once on stderr, never replayed. With
 * `dictationCommands` off every word is text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalDir } from '../../../../main/core/config/paths.ts';
import { JournalStore } from '../../../../main/core/journal/journal-store.ts';
import { journaledDictation } from '../../../../main/features/dictation/dictation-kit.ts';
import { KeychainSecretStore } from '../../../../native/keychain-secret-store.ts';
import {
  fixtureChunks,
  quickSession,
  startStreamingHarness,
  type StreamingHarness,
} from '../../core/streaming/harness.ts';
import { writeDictationFixture } from '../../features/dictation/dictation-fixture.ts';
import { cliEnv, scribe } from './scribe-run.ts';

const SPOKEN = ['the wound is clean period', 'scratch that', 'continue dressing daily period next field'];

let h: StreamingHarness;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  if (!process.env.REAL_KEYCHAIN) return;
  ({ dir } = await writeDictationFixture(SPOKEN));
  h = await startStreamingHarness({ streaming: { fixturesDir: dir } });
  env = { ...(await cliEnv(h, dir)), SCRIBE_DATA_DIR: dir };
}, 60_000);
afterAll(() => h?.close());

/** A dictation of the recording journaled where the CLI looks, its session cut before any answer. */
async function interruptedDictation(): Promise<void> {
  const journals = new JournalStore({ dir: journalDir(dir), secrets: new KeychainSecretStore() });
  const open = journaledDictation({
    connection: () => ({ baseUrl: h.baseUrl, tokens: h.server }),
    journals,
    locale: () => 'ENGLISH_US',
    asyncCorrections: false,
    session: quickSession(h),
  });
  const opened = await open({});
  await opened.session.start();
  for (const chunk of fixtureChunks('dictation.wav')) opened.session.sendAudio(chunk);
  opened.session.abort(); // the app died before the service turned the audio into text
  opened.keep();
  // Its records land, then this process lets go of its lock, as a crashed one would have.
  while (await journals.inUse(opened.journalId!)) await new Promise((r) => setTimeout(r, 20));
  await journals.dispose();
}

/** `scribe recover`, with the sound server and the keychain's session bus (the journal's keys). */
function recover(extra: Record<string, string> = {}) {
  const inherit = ['PATH', 'HOME', 'XDG_RUNTIME_DIR', 'DBUS_SESSION_BUS_ADDRESS'];
  return scribe(['recover'], { ...env, ...extra }, { inherit });
}

describe.skipIf(!process.env.REAL_KEYCHAIN)('scribe recover of a dictation (real keychain)', () => {
  it('applies scratch that, and leaves next field out, said once on stderr', async () => {
    await interruptedDictation();
    const on = await recover();
    expect(on.code, on.stderr).toBe(0);
    expect(on.stdout).toMatch(/^\s*continue dressing daily\.\s*$/i);
    expect(on.stderr).toBe(
      'scribe: Voice commands not replayed from a recovered dictation (they act on another application): next_field.\n',
    );
  }, 120_000);

  it('with voice commands off, every word is text', async () => {
    await interruptedDictation();
    const off = await recover({ SCRIBE_DICTATION_COMMANDS: 'false' });
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toMatch(/wound is clean\..*[Ss]cratch that.*dressing daily\..*[Nn]ext field/s);
    expect(off.stderr).toBe('');
  }, 120_000);
});
