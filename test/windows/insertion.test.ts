/**
 * Text insertion through the real native/win32 code (user32 SendInput, the foreground window, field facts)
 * and the real insertion engine, into Win32 controls owned by ANOTHER Windows process
 * (helpers/target-window.ts), which reads its own text back. Runs under Wine in the Windows lane.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { KEYEVENTF, loadWin32Api, type KeyInput, type Win32Api } from '../../native/win32/win32-api.ts';
import { Win32Desktop } from '../../native/win32/win32-desktop.ts';
import { Win32Clipboard } from '../../native/win32/win32-clipboard.ts';
import { StreamingInsertion } from '../../main/features/dictation/insertion/streaming-insertion.ts';
import type {
  InsertMode,
  StreamingInsertionOptions,
} from '../../main/features/dictation/insertion/insertion-types.ts';
import type { Desktop } from '../../native/desktop.ts';
import { eventually, TargetProcess, type TargetWindowHandle } from './support/target.ts';

const DICTATED = 'Chest pain — µg dosing, Müller 5 mg.\nPlan: ECG, troponin ×2; Zoë Ørsted reviewed.';
/** Typed: emoji (surrogate pairs) across the 32-character SendInput batches, a blank line. */
const TYPED = `${DICTATED} Mood 🙂, pain 😖 → 2/10 at 𝟏𝟐:00.\n\nSpO₂ 98 % 👍 ok.`;
const desktop = new Win32Desktop(loadWin32Api());
const clipboard = new Win32Clipboard();
let target: TargetProcess;

before(async () => {
  target = await TargetProcess.start();
});
after(async () => {
  await target.stop();
});

/** Opens a window in the other process, in front, and starts an insertion captured on it. */
async function begin(
  kind: 'edit' | 'richedit' | 'password',
  mode: InsertMode,
  options: Partial<Pick<StreamingInsertionOptions, 'desktop' | 'rules'>> = {},
) {
  const w = await target.open(kind);
  assert.equal(await target.focus(w), w.hwnd, 'the helper window is in front');
  const insertion = await StreamingInsertion.begin({
    desktop,
    clipboard,
    ...options,
    mode,
    platform: 'win32',
    pasteTimings: { restoreDelayMs: 1500 },
  });
  assert.equal(insertion.target?.id, String(w.hwnd), 'the captured target is the other process window');
  return { w, insertion };
}

/** Dictates `parts` one update at a time (as a streaming session does), waiting for each to land. */
async function dictate(insertion: StreamingInsertion, w: TargetWindowHandle, parts: string[]) {
  for (const part of parts) {
    insertion.update(part);
    await eventually(() => target.text(w), part);
  }
}

for (const kind of ['edit', 'richedit'] as const) {
  describe(`insertion into a ${kind === 'edit' ? 'Win32 EDIT' : 'RichEdit 5'} control of another process`, () => {
    it('types non-ASCII text, emoji and newlines exactly (KEYEVENTF_UNICODE, Return)', async () => {
      const { w, insertion } = await begin(kind, 'type');
      await dictate(insertion, w, ['Chest pain — µg', DICTATED, TYPED]);
      const result = await insertion.finish();
      assert.equal(await target.text(w), TYPED);
      assert.equal(result.complete, true);
      assert.equal(
        result.target?.app,
        'node.exe',
        'the process image of the target (QueryFullProcessImageNameW)',
      );
      await target.close(w);
    });

    it('pastes with the history/cloud exclusion formats, then restores the clipboard', async () => {
      await target.setClipboard('the clinician’s own copy');
      const { w, insertion } = await begin(kind, 'paste');
      insertion.update(DICTATED);
      assert.equal(await eventually(() => target.text(w), DICTATED), DICTATED);
      // Read by the other process while our text is still on the clipboard (the restore waits 1.5 s).
      const during = await target.clipboard();
      assert.equal(during.text?.replace(/\r\n/g, '\n'), DICTATED);
      assert.notEqual(during.markers.ExcludeClipboardContentFromMonitorProcessing, null);
      assert.equal(
        during.markers.CanIncludeInClipboardHistory,
        '00000000',
        'a DWORD 0: not in Win+V history',
      );
      assert.equal(during.markers.CanUploadToCloudClipboard, '00000000', 'a DWORD 0: not synced');
      const result = await insertion.finish();
      assert.equal(result.complete, true);
      const afterwards = await target.clipboard();
      assert.equal(afterwards.text, 'the clinician’s own copy');
      assert.equal(afterwards.markers.CanIncludeInClipboardHistory, null, 'restored without our markers');
      await target.close(w);
    });

    for (const mode of ['type', 'paste'] as const) {
      it(`corrects its own tail in place (${mode})`, async () => {
        const { w, insertion } = await begin(kind, mode);
        await dictate(insertion, w, ['Blood pressure one forty', 'Blood pressure one forty over ninety.']);
        insertion.update('Blood pressure 140/90 mmHg.');
        const final = await eventually(() => target.text(w), 'Blood pressure 140/90 mmHg.');
        const result = await insertion.finish();
        assert.equal(final, 'Blood pressure 140/90 mmHg.');
        assert.ok(result.correctionsInPlace >= 1, 'the correction went into the field');
        assert.equal(result.correctionsInBox, 0);
        await target.close(w);
      });
    }
  });
}

describe('typing by scancode (the per-application rule for remote sessions)', () => {
  it('sends the layout keys as scancodes, Shift where needed, the rest as Unicode', async (t) => {
    // The real VkKeyScanW and MapVirtualKeyW of the US layout; what is sent is recorded on its way.
    const api = loadWin32Api();
    const sent: KeyInput[] = [];
    const recording: Win32Api = {
      ...api,
      sendKeys: (inputs) => (sent.push(...inputs), api.sendKeys(inputs)),
    };
    const w = await target.open('edit');
    await target.focus(w);
    await new Win32Desktop(recording).typeText('Bp;ü', { paceMs: 0, scancode: true });
    const SC = KEYEVENTF.SCANCODE;
    const UP = KEYEVENTF.KEYUP;
    assert.deepEqual(
      sent.map((i) => [i.scan, i.flags]),
      [
        ...[
          [0x2a, SC],
          [0x30, SC],
          [0x30, SC | UP],
          [0x2a, SC | UP],
        ], // B: Shift + the B key
        ...[
          [0x19, SC],
          [0x19, SC | UP],
        ], // p
        ...[
          [0x27, SC],
          [0x27, SC | UP],
        ], // ;
        ...[
          [0xfc, KEYEVENTF.UNICODE],
          [0xfc, KEYEVENTF.UNICODE | UP],
        ], // ü: not on the US layout
      ],
    );
    const typed = await eventually(() => target.text(w), 'Bp;ü', 2000);
    await target.close(w);
    if (typed === 'ü')
      t.skip(
        'Wine 8 drops SendInput keys that have KEYEVENTF_SCANCODE and wVk 0 (with wVk set they arrive); Windows ignores wVk then',
      );
    else assert.equal(typed, 'Bp;ü');
  });
});

describe('refusal and focus', () => {
  it('refuses an ES_PASSWORD field: nothing typed, the text goes to the clipboard', async () => {
    const { w, insertion } = await begin('password', 'type');
    insertion.update('Müller 5 mg');
    const result = await insertion.finish();
    assert.equal(result.notInserted, 'password_field');
    assert.equal(await target.text(w), '');
    assert.equal((await target.clipboard()).text, 'Müller 5 mg');
    await target.close(w);
  });

  it('brings back the window that had focus at key-down before typing', async () => {
    const { w, insertion } = await begin('edit', 'type');
    const other = await target.open('edit', 'Another window');
    await dictate(insertion, w, ['Seen today.']);
    assert.equal(await target.focus(other), other.hwnd, 'focus moved to another window');
    insertion.update('Seen today. Follow up in two weeks.');
    const result = await insertion.finish();
    assert.equal(await target.text(w), 'Seen today. Follow up in two weeks.');
    assert.equal(await target.text(other), '', 'nothing went into the window that took focus');
    assert.equal(result.complete, true);
    assert.equal(await target.foreground(), w.hwnd);
    await target.close(other);
    await target.close(w);
  });

  it('does not correct in place once focus moved elsewhere (the other window gets no keys)', async () => {
    const { w, insertion } = await begin('edit', 'type');
    await dictate(insertion, w, ['Allergic to penicillin']);
    const other = await target.open('edit', 'Another window');
    await target.focus(other);
    insertion.update('Allergic to amoxicillin');
    const result = await insertion.finish();
    assert.equal(result.correctionsInBox, 1, 'the correction stays in the dictation box');
    assert.equal(await target.text(other), '', 'no Backspace or text reached the window with focus');
    assert.equal(await target.text(w), 'Allergic to penicillin');
    await target.close(other);
    await target.close(w);
  });

  // Focus moves once the first typed chunk has landed in the target (the desktop below moves it from the
  // other process, as a click would): the rest stops at that chunk boundary, with and without Citrix pacing.
  // SendInput only queues the keys; moving focus before the target has read them would send them to the
  // other window on Windows too, so the click comes after they landed.
  for (const paceMs of [0, 5]) {
    it(`stops at a chunk boundary when focus moves mid-run${paceMs ? ' (paced typing)' : ''}`, async () => {
      const other = await target.open('edit', 'Another window');
      const chunks: string[] = [];
      const typed: { into?: TargetWindowHandle } = {};
      const stealing = new Proxy(desktop, {
        get(d, key) {
          if (key === 'typeText')
            return async (text: string, o: Parameters<Desktop['typeText']>[1]) => {
              await d.typeText(text, o);
              chunks.push(text);
              const into = typed.into;
              if (chunks.length !== 1 || !into) return;
              assert.equal(await eventually(() => target.text(into), text), text, 'the first chunk landed');
              assert.equal(await target.focus(other), other.hwnd);
            };
          const value: unknown = Reflect.get(d, key);
          return typeof value === 'function' ? (value as () => unknown).bind(d) : value;
        },
      });
      const { w, insertion } = await begin('edit', 'type', {
        desktop: stealing,
        rules: [{ app: 'node.exe', mode: 'type', paceMs }],
      });
      typed.into = w;
      insertion.update('Chest pain 😖 since Tuesday.\nPlan: ECG.');
      const result = await insertion.finish();
      assert.equal(result.notInserted, 'focus_lost');
      assert.deepEqual(chunks, ['Chest pa'], 'one chunk was typed, then the focus check stopped the run');
      assert.equal(await target.text(w), 'Chest pa', 'the target has exactly the first chunk');
      assert.equal(await target.text(other), '', 'the window that took focus got nothing, nor a Return');
      await target.close(other);
      await target.close(w);
    });
  }

  it('stops when the target cannot be brought back: nothing typed elsewhere', async () => {
    const { w, insertion } = await begin('edit', 'type');
    await dictate(insertion, w, ['Dictation begins']);
    const other = await target.open('edit', 'Another window');
    await target.close(w);
    await target.focus(other);
    insertion.update('Dictation begins, then continues');
    const result = await insertion.finish();
    assert.equal(result.notInserted, 'focus_lost');
    assert.equal(await target.text(other), '', 'the window that took focus got nothing');
    await target.close(other);
  });
});
