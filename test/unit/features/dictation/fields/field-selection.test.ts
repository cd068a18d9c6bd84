/**
 * Selection by voice in another application's field (fields/field-selection.ts) over the in-memory desktop:
 * what is selected, where the caret goes, what "delete that" and "cap that" do to the selection, and that
 * an unreadable field or words not in it change nothing.
 */
import { describe, expect, it } from 'vitest';
import { FakeDesktop } from '../../../../../native/desktop.fake.ts';
import { DesktopFieldNavigator } from '../../../../../main/features/dictation/fields/field-navigator.ts';
import { TEMPLATE_MARKERS } from '../../../../../preload/contract/index.ts';
import { EngineInserter } from '../../../../../main/features/dictation/engine-inserter.ts';
import { runFieldCommand } from '../../../../../main/features/dictation/commands/field-commands.ts';
import { CommandRunner } from '../../../../../main/features/dictation/commands/command-runner.ts';

function setup(text: string, caret = text.length, readable = true) {
  const desktop = new FakeDesktop();
  const w = desktop.addWindow('w1', 'ehr');
  Object.assign(w, { text, caret, selectionStart: caret, readable });
  const selected = () => w.text.slice(w.selectionStart, w.caret);
  return { desktop, w, selected, nav: new DesktopFieldNavigator(desktop, () => TEMPLATE_MARKERS) };
}

describe('selection by voice in a readable field', () => {
  it('select ‹words›: their last place before the caret, else after it; case and accents aside', async () => {
    const f = setup('Left knee. Right knee. Left hip.', 'Left knee. Right knee.'.length);
    expect(await f.nav.selectWords('LEFT')).toBe('done');
    expect([f.w.selectionStart, f.selected()]).toEqual([0, 'Left']);
    expect(await f.nav.selectWords('hip')).toBe('done');
    expect(f.selected()).toBe(' hip'); // with the space before: the next words bring their own
    expect(await setup('Fièvre élevée').nav.selectWords('fievre elevee')).toBe('done');
  });

  it('words not there, or a field that cannot be read: nothing changes', async () => {
    const f = setup('Left knee.');
    expect(await f.nav.selectWords('elbow')).toBe('not_found');
    const closed = setup('Left knee.', 3, false);
    expect(await closed.nav.selectWords('knee')).toBe('unreadable');
    expect(await closed.nav.caretBeside('knee', 'after')).toBe('unreadable');
    expect([f.desktop.log, closed.desktop.log, f.w.caret, closed.w.caret]).toEqual([[], [], 10, 3]);
  });

  it('unselect that: the caret after the selection; with none, nothing_selected', async () => {
    const f = setup('Left knee swollen.');
    expect(await f.nav.unselect()).toBe('nothing_selected');
    await f.nav.selectWords('knee');
    expect(f.selected()).toBe(' knee');
    expect(await f.nav.unselect()).toBe('done');
    expect([f.w.selectionStart, f.w.caret]).toEqual([9, 9]);
  });

  it('insert before / after ‹words›: the next words read as if said there', async () => {
    const f = setup('Pain in left knee.');
    expect(await f.nav.caretBeside('knee', 'before')).toBe('done');
    await f.desktop.typeText(' severe', { paceMs: 0 });
    expect(f.w.text).toBe('Pain in left severe knee.');
    expect(await f.nav.caretBeside('pain', 'after')).toBe('done');
    await f.desktop.typeText(' and swelling', { paceMs: 0 });
    expect(f.w.text).toBe('Pain and swelling in left severe knee.');
    expect(await f.nav.caretBeside('elbow', 'after')).toBe('not_found');
  });

  it('delete that and cap that act on the selection; with none they change nothing', async () => {
    const f = setup('left knee swollen today.');
    expect(await f.nav.deleteSelection()).toBe('nothing_selected');
    expect(await f.nav.recaseSelection('cap')).toBe('nothing_selected');
    await f.nav.selectWords('left knee');
    expect(await f.nav.recaseSelection('cap')).toBe('done');
    expect([f.w.text, f.selected()]).toEqual(['Left Knee swollen today.', 'Left Knee']);
    expect(await f.nav.recaseSelection('all_caps')).toBe('done');
    expect(f.w.text).toBe('LEFT KNEE swollen today.');
    await f.nav.selectWords('swollen');
    expect(await f.nav.deleteSelection()).toBe('done');
    expect(f.w.text).toBe('LEFT KNEE today.');
  });
});

/** A run of the engine into the field, as the controller begins it. */
async function runInto(f: ReturnType<typeof setup>) {
  const inserter = new EngineInserter({
    desktop: f.desktop,
    clipboard: f.desktop.clipboard,
    platform: 'linux',
    mode: () => 'type',
    rules: () => [],
  });
  return inserter.begin(await inserter.captureTarget());
}

describe('insert before the first words of a line', () => {
  it.each([
    ['the field', '', ''],
    ['a line', 'Exam:\n', 'Exam:\n'],
  ])('at the start of %s the next words go in without their space, one after them', async (_, top, at) => {
    const f = setup('');
    const run = await runInto(f);
    run.update(`${top}Pain in right hip.`, false);
    const said: string[] = [];
    const command = { kind: 'insert_before', words: 'pain' } as const;
    await runFieldCommand(command, run, f.nav, (code) => void said.push(code));
    expect([said, f.w.caret]).toEqual([['caret_moved'], at.length]);
    run.update(`${top}Pain in right hip. Severe`, false);
    await run.finish(`${top}Pain in right hip. Severe sharp`);
    expect(f.w.text).toBe(`${at}Severe sharp Pain in right hip.`);
  });
});

describe('go to top, then words', () => {
  it("before the field's first word the words go in without their space, one after them", async () => {
    const f = setup('');
    const run = await runInto(f);
    run.update('Pain in right hip.', false);
    const said: string[] = [];
    const runner = new CommandRunner({
      run,
      target: { appName: 'EHR' },
      navigator: f.nav,
      say: (m) => void said.push(m.code),
      stop: () => undefined,
    });
    runner.heard({ kind: 'go_top' });
    await runner.settled();
    expect([said, f.w.caret]).toEqual([['caret_moved'], 0]);
    run.update('Pain in right hip. Severe', false);
    await run.finish('Pain in right hip. Severe sharp');
    expect(f.w.text).toBe('Severe sharp Pain in right hip.');
  });
});
