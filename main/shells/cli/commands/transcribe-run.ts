/**
 * The CLI around a headless visit: the live transcriber over the configured connection with the CLI's
 * journal rules, what the person is told on stderr, Ctrl+C, and the journal's end of life.
 */
import type { AudioSource } from '../../../core/audio/audio-source.ts';
import type { InputWarning } from '../../../../preload/contract/index.ts';
import type { Config } from '../../../core/config/config-schema.ts';
import { headless, type HeadlessVisit } from '../../../compose/headless.ts';
import type { LiveHealth, LiveTranscriber } from '../../../features/visit/ports.ts';
import { diskFullWarning, journalStore } from '../connect.ts';
import { words } from '../../../../preload/words/index.ts';
import { CliError } from '../io.ts';
import { isKeychainCode, sayNoKeychain } from '../keychain-notice.ts';
import { onInterrupt, streamingConnection, streamingFailure, watchNotices } from '../streaming.ts';

/** The app's live transcriber with what the CLI says about the journal, the disk and the input. */
export interface CliTranscriber extends LiveTranscriber {
  onWarnings(warnings: readonly InputWarning[]): void;
  onHealth(health: LiveHealth): void;
}

/**
 * Connects and builds the live transcriber. Journaled unless `--no-journal`: finished journals past the
 * retention period are shredded first; a journal that cannot be created (no keychain, a full disk) is one
 * line on stderr, not a failure: the session still runs, only a crash would lose its audio.
 */
export async function cliTranscriber(config: Config, journaled: boolean): Promise<CliTranscriber> {
  const connection = await streamingConnection(config);
  const journals = journaled ? await storeWithRetention(config) : undefined;
  const said = new Set<string>();
  const once = (key: string, line: string): void => {
    if (said.has(key)) return;
    said.add(key);
    process.stderr.write(`${line}\n`);
  };
  // The app's factory (as the connector builds a connection's transcriber), with the CLI's journal rules.
  const transcriber = headless.visit.transcribers(journals, (error) => {
    const code = (error as { code?: unknown }).code;
    if (code === 'disk_full') once('disk', diskFullWarning());
    else if (isKeychainCode(code)) sayNoKeychain(true);
    else once('journal', notJournaled(code));
  })(connection);
  return {
    ...transcriber,
    onWarnings: (warnings) => {
      // One line for an input that stays silent (the app shows the same as a warning on the Visit screen).
      if (warnings.some((w) => w.code === 'no_sound'))
        once('no_sound', `scribe: ${words().cli.audio.noSound}`);
    },
    // A disk that fills midway is one warning line; the session goes on with its audio in memory.
    onHealth: (health) => {
      if (health.disk === 'full') once('disk', diskFullWarning());
    },
  };
}

function notJournaled(code: unknown): string {
  return `scribe: ${words().cli.notJournaled(typeof code === 'string' ? code : 'error')}`;
}

async function storeWithRetention(config: Config) {
  const store = journalStore(config);
  try {
    await store.applyRetention();
    return store;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (isKeychainCode(code)) sayNoKeychain(true);
    else process.stderr.write(`${notJournaled(code)}\n`);
    return undefined;
  }
}

/**
 * Runs the visit with Ctrl+C (the first one stops the audio and ends gracefully; a second one abandons the
 * session, which stays in the journal). Once the session ended cleanly and `print` has put the result out,
 * the journal has served its purpose and is shredded (patient audio does not stay on disk for the
 * retention period); a session that never streamed audio leaves nothing worth keeping (shredded too); a
 * failure after audio keeps it for `scribe recover`. Should printing fail, the journal stays, finished.
 */
export async function runVisit(
  visit: HeadlessVisit,
  source: AudioSource,
  print: () => void | Promise<void>,
): Promise<void> {
  const offs = [
    onInterrupt(
      () => visit.stop(),
      () => visit.abort(),
    ),
    watchNotices(source),
  ];
  try {
    await visit.run();
  } catch (error) {
    const failure = streamingFailure(error);
    if (failure instanceof CliError && visit.audioSent && visit.keep())
      throw new CliError(`${failure.message} ${words().cli.audioKept}`, failure.exitCode);
    await visit.forget().catch(() => undefined);
    throw failure;
  } finally {
    for (const off of offs) off();
  }
  await print();
  await visit.forget().catch(() => undefined);
}
