/**
 * Template fields and provable insertion in Win32 EDIT and RichEdit 5 controls of ANOTHER Windows process,
 * through the real native/win32 code (WM_GETTEXT, EM_GETSEL/EM_SETSEL) under Wine: "next field" /
 * "previous field" select the blank (the control's own process reads its selection back), the dictated
 * words replace it; selection by voice (select, cap that, unselect, insert after, delete that) acts there;
 * the field's text and caret become text_field_context, and a read-only EDIT (which swallows every key and
 * paste) is reported as `not_landed` with the text kept on the clipboard; a Text's pick-list is chosen from
 * and its defaults accepted.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadWin32Api } from '../../native/win32/win32-api.ts';
import { Win32Desktop } from '../../native/win32/win32-desktop.ts';
import { Win32Clipboard } from '../../native/win32/win32-clipboard.ts';
import { StreamingInsertion } from '../../main/features/dictation/insertion/streaming-insertion.ts';
import { DesktopFieldNavigator } from '../../main/features/dictation/fields/field-navigator.ts';
import type { InsertMode } from '../../main/features/dictation/insertion/insertion-types.ts';
import { TEMPLATE_MARKERS } from '../../preload/contract/index.ts';
import { eventually, TargetProcess } from './support/target.ts';

const desktop = new Win32Desktop(loadWin32Api());
const clipboard = new Win32Clipboard();
const nav = new DesktopFieldNavigator(desktop, () => TEMPLATE_MARKERS);
let target: TargetProcess;

before(async () => {
  target = await TargetProcess.start();
});
after(async () => {
  await target.stop();
});

async function openWith(kind: 'edit' | 'richedit' | 'readonly', text: string) {
  const w = await target.open(kind);
  await target.setText(w, text);
  assert.equal(await target.focus(w), w.hwnd, 'the helper window is in front');
  return w;
}

for (const kind of ['edit', 'richedit'] as const) {
  describe(`template fields in a ${kind === 'edit' ? 'Win32 EDIT' : 'RichEdit 5'} control of another process`, () => {
    it('next / previous field select the blank; the dictated words replace it', async () => {
      const w = await openWith(kind, 'Pain:\r\n*** Side: [left/right] Plan: _____');
      assert.deepEqual(await nav.move('next'), { kind: 'selected' });
      assert.equal(await target.selected(w, kind), '***');
      assert.deepEqual(await nav.move('next'), { kind: 'selected' });
      assert.equal(await target.selected(w, kind), '[left/right]');
      assert.deepEqual(await nav.move('previous'), { kind: 'selected' });
      assert.equal(await target.selected(w, kind), '***');
      const insertion = await StreamingInsertion.begin({
        desktop,
        clipboard,
        mode: 'type',
        platform: 'win32',
      });
      insertion.update('mild');
      assert.equal((await insertion.finish()).complete, true);
      assert.equal(await target.text(w), 'Pain:\nmild Side: [left/right] Plan: _____');
      assert.deepEqual(await nav.move('next'), { kind: 'selected' });
      assert.equal(await target.selected(w, kind), '[left/right]');
      assert.deepEqual(await nav.move('next'), { kind: 'selected' });
      assert.deepEqual(await nav.move('next'), { kind: 'none_left' });
      await target.close(w);
    });

    it("a Text's fields: choose ‹number› on the field selected, then accept defaults", async () => {
      const w = await openWith(kind, 'Lungs [clear].\r\nSide: [left|right|bilateral]. Pain: [ ]');
      assert.deepEqual(await nav.move('next'), { kind: 'selected' });
      assert.deepEqual(await nav.move('next'), { kind: 'selected' });
      assert.equal(await target.selected(w, kind), '[left|right|bilateral]');
      assert.equal(await nav.fill('choose', '2'), 'done');
      const chosen = 'Lungs [clear].\nSide: right. Pain: [ ]';
      assert.equal(await eventually(() => target.text(w), chosen), chosen);
      assert.equal(await nav.fill('choose', 'left'), 'no_field');
      assert.equal(await nav.fill('accept_defaults', ''), 'done');
      const accepted = 'Lungs clear.\nSide: right. Pain: [ ]';
      assert.equal(await eventually(() => target.text(w), accepted), accepted);
      assert.equal(await nav.fill('accept_defaults', ''), 'none_left');
      await target.close(w);
    });

    it('reads a field as long as or longer than the first WM_GETTEXT whole (8,192 characters)', async () => {
      for (const length of [8191, 8192, 8193, 12_000]) {
        const text = `${'ab\r\n'.repeat(Math.floor((length - 6) / 4))}`.padEnd(length - 6, 'c') + ' tail.';
        const w = await openWith(kind, text);
        const facts = await desktop.fieldFacts((await desktop.activeWindow())!);
        const expected = text.replace(/\r\n/g, '\n');
        assert.equal(facts.context?.text.length, expected.length, `${length} characters`);
        assert.equal(facts.context?.text, expected);
        await target.close(w);
      }
    });

    it('selection by voice: select, cap that, unselect, insert after, delete that (issue 29)', async () => {
      const w = await openWith(kind, 'Pain in left knee.\r\nPlan: rest');
      assert.equal(await nav.selectWords('LEFT KNEE'), 'done');
      assert.equal(await target.selected(w, kind), ' left knee');
      assert.equal(await nav.recaseSelection('all_caps'), 'done');
      assert.equal(await target.text(w), 'Pain in LEFT KNEE.\nPlan: rest');
      assert.equal(await target.selected(w, kind), ' LEFT KNEE');
      assert.equal(await nav.unselect(), 'done');
      assert.equal(await nav.unselect(), 'nothing_selected');
      assert.equal(await nav.caretBeside('pain', 'after'), 'done');
      const insertion = await StreamingInsertion.begin({
        desktop,
        clipboard,
        mode: 'type',
        platform: 'win32',
      });
      insertion.update(' and swelling');
      assert.equal((await insertion.finish()).complete, true);
      assert.equal(await target.text(w), 'Pain and swelling in LEFT KNEE.\nPlan: rest');
      assert.equal(await nav.selectWords('and swelling'), 'done');
      assert.equal(await nav.deleteSelection(), 'done');
      const deleted = 'Pain in LEFT KNEE.\nPlan: rest'; // Backspace reaches the other process a moment later
      assert.equal(await eventually(() => target.text(w), deleted), deleted);
      assert.equal(await nav.selectWords('elbow'), 'not_found');
      await target.close(w);
    });

    it("sends the field's text and caret as text_field_context", async () => {
      const w = await openWith(kind, 'Line one\r\nAssessment: ***');
      assert.deepEqual(await nav.move('next'), { kind: 'selected' });
      const insertion = await StreamingInsertion.begin({
        desktop,
        clipboard,
        mode: 'type',
        platform: 'win32',
      });
      assert.deepEqual(insertion.fieldContext, {
        text: 'Line one\nAssessment: ***',
        selectionStart: 21,
        selectionLength: 3,
      });
      await insertion.cancel();
      await target.close(w);
    });
  });
}

describe('a read-only EDIT that swallows our text', () => {
  for (const mode of ['type', 'paste'] as InsertMode[]) {
    it(`${mode}: reported as not landed, the text kept on the clipboard`, async () => {
      const w = await openWith('readonly', 'Dose: ');
      const insertion = await StreamingInsertion.begin({
        desktop,
        clipboard,
        mode,
        platform: 'win32',
        pasteTimings: { restoreDelayMs: 200 },
      });
      const stops: string[] = [];
      insertion.on('notInserted', ({ reason }) => stops.push(reason));
      insertion.update('Amoxicillin 500 mg');
      const result = await insertion.finish();
      assert.equal(await target.text(w), 'Dose: ');
      assert.equal(result.notInserted, 'not_landed');
      assert.deepEqual(stops, ['not_landed']);
      assert.equal(
        await eventually(async () => (await target.clipboard()).text, 'Amoxicillin 500 mg'),
        'Amoxicillin 500 mg',
      );
      await target.close(w);
    });
  }
});
