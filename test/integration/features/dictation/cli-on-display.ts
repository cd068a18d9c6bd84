/**
 * `scribe dictate --insert` against a private X display: the local service with the dictation fixture (a
 * first-pass mishearing its ASYNC_CORRECTION fixes), the display, and the CLI run as a child process with
 * only the environment it needs (the service, the client's key, the display).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scribe, type Run } from '../../shells/cli/scribe-run.ts';
import { startStreamingHarness, type StreamingHarness } from '../../core/streaming/harness.ts';
import { MISHEARING, writeDictationFixture } from './dictation-fixture.ts';
import { startDisplay, type TestDisplay } from './x11-harness.ts';

/** The service, the display and a way to run the CLI on it. */
export interface CliOnDisplay {
  readonly h: StreamingHarness;
  readonly screen: TestDisplay;
  /** The dictation recording the service knows. */
  readonly wav: string;
  /** Runs `scribe …args` (journal off unless a real keychain holds its key). */
  scribe(args: string[]): Promise<Run>;
  close(): Promise<void>;
}

/** Starts them; `spoken`: what the service hears in the recording (else the fixture's, with its mishearing). */
export async function startCliOnDisplay(spoken?: string[]): Promise<CliOnDisplay> {
  const fixture = await writeDictationFixture(spoken);
  const h = await startStreamingHarness({
    streaming: { fixturesDir: fixture.dir, ...(spoken ? {} : { mishearings: [MISHEARING] }) },
  });
  const screen = await startDisplay();
  const dir = await mkdtemp(join(tmpdir(), 'scribe-insert-'));
  await writeFile(join(dir, 'key.pem'), h.staticPem, { mode: 0o600 });
  const env = {
    DISPLAY: screen.display,
    SCRIBE_SERVICE_URL: h.service.url,
    SCRIBE_CLIENT_ID: h.fixtures.staticClient.id,
    SCRIBE_PRIVATE_KEY_FILE: join(dir, 'key.pem'),
    SCRIBE_DATA_DIR: dir,
    // The tests' Tk text field (WM_CLASS Field.tcl), and Chromium's fields with its accessibility off, cannot
    // be read through AT-SPI: as in the app, their line breaks need IT's rule for the application (without
    // one, "new line" never types a Return there). These tests are about what arrives, so the rule is given.
    SCRIBE_DICTATION_APP_RULES: JSON.stringify(
      ['Field.tcl', 'Chromium'].map((app) => ({ app, insert: 'paste', lineBreak: 'return' })),
    ),
  };
  const journal = process.env.REAL_KEYCHAIN ? [] : ['--no-journal'];
  return {
    h,
    screen,
    wav: fixture.wav,
    scribe: (args) =>
      scribe([...args, ...journal], env, {
        inherit: ['PATH', 'HOME', 'XDG_RUNTIME_DIR', 'DBUS_SESSION_BUS_ADDRESS'],
      }),
    async close() {
      screen.close();
      await h.close();
    },
  };
}
