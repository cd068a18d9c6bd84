/**
 * `scribe dictate --insert` on a real X display: a real Tk text field in another process has focus, the
 * dictation recording is the input, the local service dictates scripted text (non-ASCII, a first-pass
 * mishearing corrected by ASYNC_CORRECTION), and the field must end with exactly the expected text; the
 * clipboard holds what it held before; another window gets nothing.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStreamingHarness, type StreamingHarness } from '../../core/streaming/harness.ts';
import { FINAL_TEXT, FIRST_PASS, MISHEARING, writeDictationFixture } from './dictation-fixture.ts';
import {
  readClipboard,
  setClipboard,
  startDisplay,
  TkField,
  until,
  type TestDisplay,
} from './x11-harness.ts';

const describeX = process.env.REAL_DISPLAY ? describe : describe.skip;
const BEFORE = 'what the clinician had copied ✓';

let h: StreamingHarness;
let screen: TestDisplay;
let wav: string;
let env: NodeJS.ProcessEnv;
let other: TkField;
let field: TkField;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function scribe(args: string[]): { done: Promise<Run> } {
  const journal = process.env.REAL_KEYCHAIN ? [] : ['--no-journal'];
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'main/shells/cli/index.ts', ...args, ...journal],
    {
      env,
      cwd: process.cwd(),
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return {
    done: new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }))),
  };
}

describeX('scribe dictate --insert into a real X11 field', () => {
  beforeAll(async () => {
    const fixture = await writeDictationFixture();
    wav = fixture.wav;
    h = await startStreamingHarness({ streaming: { fixturesDir: fixture.dir, mishearings: [MISHEARING] } });
    screen = await startDisplay();
    const dir = await mkdtemp(join(tmpdir(), 'scribe-insert-'));
    await writeFile(join(dir, 'key.pem'), h.staticPem, { mode: 0o600 });
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR,
      DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS,
      DISPLAY: screen.display,
      SCRIBE_SERVICE_URL: h.service.url,
      SCRIBE_CLIENT_ID: h.fixtures.staticClient.id,
      SCRIBE_PRIVATE_KEY_FILE: join(dir, 'key.pem'),
      SCRIBE_DATA_DIR: dir,
    };
    other = await TkField.open(screen, 'other-window');
  }, 60_000);

  afterAll(() => {
    other?.close();
    screen?.close();
    return h?.close();
  });

  beforeEach(async () => {
    h.streaming.timings.correctionDelayMs = 50;
    field?.close();
    field = await TkField.open(screen, 'ehr-field');
    await field.focus(screen);
    await setClipboard(screen, BEFORE);
  });

  it.each(['paste', 'type'])('%s: the field ends with exactly the corrected text', async (mode) => {
    const run = await scribe(['dictate', wav, '--fast', '--insert', mode, '--async-corrections']).done;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(FINAL_TEXT);
    expect(field.text).toBe(FINAL_TEXT);
    expect(other.text).toBe('');
    expect(await readClipboard(screen)).toBe(BEFORE);
    const config = h.streaming.sockets.at(-1)!.config as Record<string, unknown>;
    expect(config.enable_async_corrections).toBe(true);
    expect(config).not.toHaveProperty('text_field_context'); // an X11 field cannot be read: omitted
  });

  it('copy: the field gets nothing, the clipboard keeps the text after the command exits', async () => {
    const run = await scribe(['dictate', wav, '--fast', '--insert', 'copy', '--async-corrections']).done;
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('Copied to the clipboard (copy-only mode). The text is also on stdout.\n');
    expect(run.stdout).toBe(FINAL_TEXT);
    expect(await readClipboard(screen)).toBe(FINAL_TEXT);
    expect(field.text).toBe('');
    expect(other.text).toBe('');
  });

  it('brings the field back when focus moved to another window mid-dictation', async () => {
    const running = scribe(['dictate', wav, '--insert', 'paste']);
    await until(() => field.text.length > 0, 'the first sentence');
    await other.focus(screen);
    const run = await running.done;
    expect(run.code).toBe(0);
    expect(field.text).toBe(FINAL_TEXT.replace('stable', 'table'));
    expect(other.text).toBe('');
    expect(await readClipboard(screen)).toBe(BEFORE);
  });

  it('does not apply a correction in place after the person typed in the field', async () => {
    h.streaming.timings.correctionDelayMs = 2500; // the correction comes after the person's key
    const running = scribe(['dictate', wav, '--insert', 'paste', '--async-corrections']);
    await until(() => field.text === FIRST_PASS, 'the first-pass sentence');
    await screen.x('xdotool', ['type', '--delay', '20', 'X']);
    const run = await running.done;
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(FINAL_TEXT); // the corrected text is on stdout (the dictation box in the app)
    expect(run.stderr).toMatch(/1 correction was not applied in the field/);
    expect(run.stderr).not.toMatch(/Müller|table|stable/); // words, never dictated text
    expect(field.text).toBe(`${FIRST_PASS}X${FINAL_TEXT.slice(FIRST_PASS.length + 1)}`);
    expect(await readClipboard(screen)).toBe(BEFORE);
  });

  it('a network drop mid-dictation: every word lands exactly once', async () => {
    const before = h.streaming.sockets.length;
    h.streaming.dropOnSeq(45); // after the first two sentences were dictated and inserted
    const run = await scribe(['dictate', wav, '--insert', 'type']).done;
    expect(run.code).toBe(0);
    expect(h.streaming.sockets.length - before).toBeGreaterThanOrEqual(2);
    const uncorrected = FINAL_TEXT.replace('stable', 'table');
    expect(field.text).toBe(uncorrected);
    // The field only ever grew: nothing typed twice, nothing deleted and typed again after the replay.
    expect(field.history.every((state) => uncorrected.startsWith(state))).toBe(true);
    expect(field.history.every((state, i) => i === 0 || state.length >= field.history[i - 1]!.length)).toBe(
      true,
    );
    expect(field.history.some((state) => state.includes('\n\n'))).toBe(true);
    expect(other.text).toBe('');
  });
});
