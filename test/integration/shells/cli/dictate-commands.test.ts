/**
 * `scribe dictate` prints the text exactly as it would be inserted, voice commands applied: the local
 * service "recognises" the dictation recording's three sentences as the words below — a sentence, then
 * "scratch that" alone, then another sentence; or a sentence, "go to sleep" alone, and a sentence said
 * asleep; or "select ‹words›" and "all caps that", or "previous field", which act on the printed text as in the
 * dictation box.
 * With `dictationCommands` off (SCRIBE_DICTATION_COMMANDS=false) the words are text.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startStreamingHarness, type StreamingHarness } from '../../core/streaming/harness.ts';
import { writeDictationFixture } from '../../features/dictation/dictation-fixture.ts';
import { cliEnv, scribe } from './scribe-run.ts';

/** What the CLI takes from this process: the sound server and the keychain's session bus too. */
const INHERIT = ['PATH', 'HOME', 'XDG_RUNTIME_DIR', 'DBUS_SESSION_BUS_ADDRESS'];

/**
 * A local service that hears `spoken` in the recording, and `scribe dictate` run against it; called in a
 * describe block, which closes the service after its tests.
 */
function cliAgainst(spoken: string[]) {
  const cli = (async () => {
    const { dir, wav } = await writeDictationFixture(spoken);
    const h: StreamingHarness = await startStreamingHarness({ streaming: { fixturesDir: dir } });
    const env = { ...(await cliEnv(h, dir)), SCRIBE_DATA_DIR: dir };
    const dictate = (extra: Record<string, string> = {}) =>
      scribe(['dictate', wav, '--fast', '--no-journal'], { ...env, ...extra }, { inherit: INHERIT });
    return { dictate, close: () => h.close() };
  })();
  afterAll(async () => (await cli).close());
  return cli;
}

describe('scratch that', () => {
  const cli = cliAgainst(['the wound is clean period', 'scratch that', 'continue dressing daily period']);

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

  it('what is said after it is left out of the printed text, and nothing is said about it', async () => {
    const { dictate } = await cli;
    const on = await dictate();
    expect(on.code).toBe(0);
    expect(on.stdout).toMatch(/^\s*the wound is clean\.$/i);
    expect(on.stderr).not.toMatch(/does nothing/);
  }, 120_000);
});

describe('select and all caps, as in the dictation box', () => {
  const cli = cliAgainst(['pain in left knee period', 'select left knee', 'all caps that']);

  it('act on the printed text itself; nothing is said to do nothing', async () => {
    const { dictate } = await cli;
    const on = await dictate();
    expect(on.code).toBe(0);
    expect(on.stdout).toMatch(/^\s*pain in LEFT KNEE\.$/i);
    expect(on.stderr).not.toMatch(/does nothing|not in this field/);
  }, 120_000);
});

describe('previous field, as in the dictation box', () => {
  const cli = cliAgainst(['knee [left|right] period', 'previous field', 'right']);

  it('selects the blank in the printed text and the next words replace it; nothing is said to do nothing', async () => {
    const { dictate } = await cli;
    const on = await dictate();
    expect(on.code).toBe(0);
    expect(on.stdout).toMatch(/^\s*knee right\.$/i);
    expect(on.stderr).not.toMatch(/does nothing|no more|not in this field/i);
  }, 120_000);
});
