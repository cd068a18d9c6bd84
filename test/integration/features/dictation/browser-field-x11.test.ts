/**
 * Dictation into a web EHR's fields in real Chromium on X11 (issue 35): a rich-text field (contenteditable)
 * and a textarea, paste and type, the service's correction applied in place, the clipboard given back.
 * Chromium reads the clipboard two or three times per paste and drops the paste when the clipboard changes
 * in between: concluding "read" at its first request lost the first sentence in 7 of 10 runs.
 * The in-process paste runs repeat BROWSER_FIELD_RUNS times (2 in the suite; 20 were run for the issue,
 * see docs/dictation-paste-reads.md); the CLI runs once per field and mode (typing is slow to repeat). With
 * Chromium's accessibility off (the default) the voice commands that act in the field say it cannot be read
 * (with it on: chromium-commands-x11.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openX11Desktop } from '../../../../native/x11/x11-desktop.ts';
import { XclipClipboard } from '../../../../native/x11/xclip-clipboard.ts';
import { StreamingInsertion } from '../../../../main/features/dictation/insertion/streaming-insertion.ts';
import type { InsertMode } from '../../../../main/features/dictation/insertion/insertion-types.ts';
import { ChromiumFields, PARAGRAPH_CORRECTIONS, pasteInTurn, type WebFieldKind } from './chromium-field.ts';
import { startCliOnDisplay, type CliOnDisplay } from './cli-on-display.ts';
import { FINAL_TEXT, FIRST_PASS } from './dictation-fixture.ts';
import { readClipboard, setClipboard, TkField, until } from './x11-harness.ts';
import { controllerOnX11 } from './x11-controller.ts';
import { DesktopFieldNavigator } from '../../../../main/features/dictation/fields/field-navigator.ts';
import { TEMPLATE_MARKERS } from '../../../../preload/contract/index.ts';

const describeX = process.env.REAL_DISPLAY ? describe : describe.skip;
const BEFORE = 'what the clinician had copied ✓';
const RUNS = Number(process.env.BROWSER_FIELD_RUNS ?? 2);
/** The modes repeated in process (typing is slow: the suite repeats paste only). */
const REPEATED = (process.env.BROWSER_FIELD_MODES ?? 'paste').split(',');
/** The CLI's note where a field cannot be read back (these cannot: Chromium's accessibility is off). */
const UNCHECKED =
  'That field cannot be read back, so whether the text arrived could not be checked: it is also on stdout.\n';
const CORRECTED = FIRST_PASS.replace('table', 'stable');
const CASES: Array<[WebFieldKind, InsertMode]> = [
  ['rich', 'paste'],
  ['rich', 'type'],
  ['plain', 'paste'],
  ['plain', 'type'],
];

/**
 * A field's text with paragraph breaks counted once (a rich field shows "\n\n" as three line ends) and its
 * no-break spaces as spaces (a rich field keeps a space typed at its end as one).
 */
const lines = (text: string): string => text.replace(/\n+/g, '\n').replace(/\u00a0/g, ' ');

let env: CliOnDisplay;
let web: ChromiumFields;

describeX('dictation into Chromium fields on X11', () => {
  beforeAll(async () => {
    env = await startCliOnDisplay();
    env.h.streaming.timings.correctionDelayMs = 50;
    web = await ChromiumFields.open(env.screen);
  }, 60_000);

  afterAll(async () => {
    await web?.close();
    await env?.close();
  });

  it.each(CASES.filter(([, mode]) => REPEATED.includes(mode)))(
    `%s field, %s: every sentence and the correction, ${RUNS} runs in a row`,
    async (kind, mode) => {
      const { screen } = env;
      for (let run = 0; run < RUNS; run++) {
        await web.focus(kind);
        await setClipboard(screen, BEFORE);
        const desktop = openX11Desktop(screen.display);
        const clipboard = new XclipClipboard(screen.env, () => desktop.clipboardOwner());
        try {
          const insertion = await StreamingInsertion.begin({ desktop, clipboard, mode, platform: 'linux' });
          insertion.update(FIRST_PASS);
          await insertion.settled();
          insertion.update(CORRECTED); // the service's correction, while the tail is ours
          await insertion.settled();
          insertion.update(FINAL_TEXT);
          const result = await insertion.finish();
          expect(result).toMatchObject({ complete: true, correctionsInPlace: 1, unchecked: true });
          await expect
            .poll(async () => lines(await web.text(kind)), { timeout: 10_000 })
            .toBe(lines(FINAL_TEXT));
          expect(await readClipboard(screen)).toBe(BEFORE);
        } finally {
          await clipboard.close();
          await desktop.close();
        }
      }
    },
    60_000 + RUNS * 20_000,
  );

  // Chromium's rich field kept one line break less of a paste ending in a paragraph break after text
  // ('stable.\n\n' pasted at its end): the break was lost, and the next correction across it took a character
  // too many ('Patientwas stable.'). The field's text is compared whole: a paragraph break shows as "\n\n\n".
  it('rich field, paste: corrections before and across a paragraph break lose nothing', async () => {
    await web.focus('rich');
    const desktop = openX11Desktop(env.screen.display);
    try {
      const result = await pasteInTurn(desktop, env.screen, PARAGRAPH_CORRECTIONS.said);
      expect(result).toMatchObject({ complete: true, correctionsInPlace: 2 });
      const shown = PARAGRAPH_CORRECTIONS.shown;
      await expect.poll(() => web.text('rich'), { timeout: 10_000 }).toBe(shown);
    } finally {
      await desktop.close();
    }
  }, 60_000);

  // CI lost a dictation's first sentence this way: Chromium checks that the clipboard is unchanged only once
  // its page inserts, which a loaded machine delays past the reads. The page is held from its first read,
  // and a correction follows the first paste at once. Whether the hold catches the page before it inserts is a
  // race: with the old times one dictation lost its first paste in half the runs, so two are dictated.
  it('rich field, paste: a page held after it began reading still gets every paste (a loaded machine)', async () => {
    const desktop = openX11Desktop(env.screen.display);
    try {
      for (let run = 0; run < 2; run++) {
        await web.focus('rich');
        const said = ['Patient is table.', 'Patient is stable.'];
        const result = await pasteInTurn(desktop, env.screen, said, () => web.holdPage(1500));
        expect(result).toMatchObject({ complete: true, correctionsInPlace: 1 });
        await expect
          .poll(async () => lines(await web.text('rich')), { timeout: 10_000 })
          .toBe('Patient is stable.');
      }
    } finally {
      await desktop.close();
    }
  }, 60_000);

  it.each(CASES)(
    'scribe dictate into the %s field, %s',
    async (kind, mode) => {
      await web.focus(kind);
      await setClipboard(env.screen, BEFORE);
      const run = await env.scribe(['dictate', env.wav, '--fast', '--insert', mode, '--async-corrections']);
      expect(run).toMatchObject({ code: 0, stderr: UNCHECKED, stdout: FINAL_TEXT });
      expect(lines(await web.text(kind))).toBe(lines(FINAL_TEXT));
      expect(await readClipboard(env.screen)).toBe(BEFORE);
    },
    60_000,
  );

  it.each<WebFieldKind>(['rich', 'plain'])(
    'the %s field cannot be read: the commands that act in it say the desktop accessibility must be on, and type nothing',
    async (kind) => {
      await web.focus(kind);
      const desktop = openX11Desktop(env.screen.display);
      const said: string[] = [];
      const { controller, sessions, clipboard } = controllerOnX11(desktop, env.screen.env, {
        mode: 'type',
        rules: () => [],
        overlay: (state) => void (state.message && said.push(state.message.code)),
        navigator: new DesktopFieldNavigator(desktop, () => TEMPLATE_MARKERS),
      });
      try {
        await controller.start();
        await until(() => sessions.length === 1, 'the session');
        const s = sessions[0]!;
        s.unit('Pain in left knee.');
        await expect.poll(async () => lines(await web.text(kind))).toBe('Pain in left knee.');
        for (const [command, code] of [
          [' Select left knee.', 'browser_unreadable'],
          [' Insert before left knee.', 'browser_unreadable'],
          [' Go to end.', 'browser_unreadable'],
          [' Next field.', 'browser_unreadable'],
        ]) {
          const before = said.filter((c) => c === code).length;
          s.unit(command!);
          await until(() => said.filter((c) => c === code).length > before, code);
        }
        s.unit(' Rest.'); // nothing was typed in between: the next words come right after the first
        await expect.poll(async () => lines(await web.text(kind))).toBe('Pain in left knee. Rest.');
      } finally {
        await controller.stop();
        await clipboard.close();
        await desktop.close();
      }
    },
    60_000,
  );

  it('a paste the application never reads is reported, with the text kept on the clipboard and stdout', async () => {
    const busy = await TkField.open(env.screen, 'busy-ehr'); // stopped: reads nothing, as a hung EHR
    try {
      await busy.focus(env.screen);
      await setClipboard(env.screen, BEFORE);
      busy.pause();
      const run = await env.scribe(['dictate', env.wav, '--fast', '--insert', 'paste']);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe(FINAL_TEXT.replace('stable', 'table'));
      expect(run.stderr).toMatch(/did not arrive in the field.*on the clipboard.*also on stdout/);
      expect(run.stderr).not.toMatch(/Temperature|table|Müller/); // where the words are, never the words
      expect(await readClipboard(env.screen)).toBe(FINAL_TEXT.replace('stable', 'table'));
    } finally {
      busy.close();
    }
  }, 60_000);
});
