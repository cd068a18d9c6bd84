/**
 * `scribe dictate --insert` on a real X display: a real Tk text field in another process has focus, the
 * dictation recording is the input, the local service dictates scripted text (non-ASCII, a first-pass
 * mishearing corrected by ASYNC_CORRECTION), and the field must end with exactly the expected text; the
 * clipboard holds what it held before; another window gets nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCliOnDisplay, type CliOnDisplay } from './cli-on-display.ts';
import { FINAL_TEXT, FIRST_PASS } from './dictation-fixture.ts';
import { readClipboard, setClipboard, TkField, until, type TestDisplay } from './x11-harness.ts';

const describeX = process.env.REAL_DISPLAY ? describe : describe.skip;
const BEFORE = 'what the clinician had copied ✓';

let env: CliOnDisplay;
let h: CliOnDisplay['h'];
let screen: TestDisplay;
let wav: string;
let other: TkField;
let field: TkField;

function scribe(args: string[]) {
  return { done: env.scribe(args) };
}

describeX('scribe dictate --insert into a real X11 field', () => {
  beforeAll(async () => {
    env = await startCliOnDisplay();
    ({ h, screen, wav } = env);
    other = await TkField.open(screen, 'other-window');
  }, 60_000);

  afterAll(async () => {
    other?.close();
    field?.close();
    await env?.close();
  });

  beforeEach(async () => {
    h.streaming.timings.correctionDelayMs = 50;
    await field?.close();
    field = await TkField.open(screen, 'ehr-field');
    await field.focus(screen);
    await setClipboard(screen, BEFORE);
  });

  it.each(['paste', 'type'])('%s: the field ends with exactly the corrected text', async (mode) => {
    const run = await scribe(['dictate', wav, '--fast', '--insert', mode, '--async-corrections']).done;
    // A Tk field cannot be read back on X11: the CLI says where the text is.
    expect(run.stderr).toBe(
      'That field cannot be read back, so whether the text arrived could not be checked: it is also on stdout.\n',
    );
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
