/**
 * Checked dictation through the real DictationService, with a scripted session and the fake inserter: the
 * text as it lands is checked against what was dictated earlier into the same place, each correction against
 * the text before it; the flags reach the box and the overlay; the text is never changed but by the
 * clinician (Keep drops a flag, Fix puts its fix in, a sound-alike's name or a correction's earlier words,
 * through the correction path);
 * IT's kinds turn checks off.
 */
import { describe, expect, it, vi } from 'vitest';
import type { FlagKind } from '../../../../preload/contract/text-check-codes.ts';
import type { OverlayState } from '../../../../main/features/dictation/ports.ts';
import { FakeInserter } from '../../../../main/features/dictation/inserter.fake.ts';
import { scriptedOpen } from './scripted-session.ts';
import { scriptedDictationService } from './scripted-service.ts';

function setup(kinds?: FlagKind[], intoBox = false, encounter?: () => string) {
  const inserter = new FakeInserter();
  inserter.target = intoBox ? null : { appName: 'winword.exe' };
  const overlay: (OverlayState | null)[] = [];
  const { open, sessions } = scriptedOpen();
  const dictation = scriptedDictationService({
    open,
    inserter,
    overlay: { show: (state) => overlay.push(state) },
    ...(kinds ? { checkKinds: () => kinds } : {}),
    ...(encounter ? { encounter } : {}),
  });
  const dictate = async (...steps: ((s: (typeof sessions)[number]) => void)[]) => {
    const before = sessions.length;
    await dictation.start();
    await vi.waitFor(() => expect(sessions).toHaveLength(before + 1));
    for (const step of steps) step(sessions.at(-1)!);
  };
  const codes = () => (dictation.state().box.flags ?? []).map((f) => f.code);
  return { dictation, inserter, overlay, dictate, codes };
}

describe('checked dictation', () => {
  it('a 10× dose of a drug said in an earlier dictation into the same application, and a trailing zero', async () => {
    const t = setup();
    await t.dictate((s) => s.unit('Metoprolol 5 mg twice daily.'));
    await t.dictation.stop();
    expect(t.codes()).toEqual([]);
    await t.dictate((s) => s.unit('Increase metoprolol to 50 mg. Warfarin 5.0 mg.'));
    await vi.waitFor(() => expect(t.codes()).toEqual(['dose_magnitude', 'trailing_zero']));
    expect(t.overlay.at(-1)?.flagged?.code).toBe('trailing_zero');
    await t.dictation.stop();
    // Shown, never acted on: the text went in as said, the flags stay with it in the box.
    expect(t.inserter.field).toContain('Increase metoprolol to 50 mg. Warfarin 5.0 mg.');
    const [magnitude] = t.dictation.state().box.flags!;
    expect(magnitude?.facts).toMatchObject({ said: '50 mg', earlier: '5 mg', factor: 10 });
    t.dictation.resolveFlag(magnitude!.id, 'keep');
    expect(t.codes()).toEqual(['trailing_zero']);
    t.dictation.dispose();
  });

  it('what was dictated for the patient before, in the same application within the hour, is not "earlier"', async () => {
    let patient = 'visit-1|appointment-a';
    const t = setup(undefined, false, () => patient);
    await t.dictate((s) => s.unit('Metoprolol 5 mg twice daily. Left knee swelling.'));
    await t.dictation.stop();
    patient = 'visit-2|appointment-b';
    await t.dictate((s) => s.unit('Metoprolol 50 mg twice daily. Right knee swelling.'));
    await t.dictation.stop();
    await vi.waitFor(() => expect(t.inserter.field).toContain('Right knee swelling.'));
    expect(t.codes()).toEqual([]);
    // The same patient's dictation is still read: the 10× dose and the side against this visit's own.
    await t.dictate((s) => s.unit('Metoprolol 500 mg. Left knee swelling.'));
    await vi.waitFor(() => expect(t.codes()).toEqual(['dose_magnitude', 'side_conflict']));
    await t.dictation.stop();
    t.dictation.dispose();
  });

  it('left → right in a correction and a dropped "no" are flagged; the text is the service’s', async () => {
    const t = setup();
    await t.dictate(
      (s) => s.unit('Left knee swelling. No chest pain.'),
      (s) => s.set('Right knee swelling. Chest pain.'),
    );
    await vi.waitFor(() => expect(t.codes()).toEqual(['side_changed', 'polarity_flipped']));
    await t.dictation.stop();
    expect(t.inserter.field).toBe('Right knee swelling. Chest pain.');
  });

  it('Fix of a correction’s flag puts back the words it had before, one flag at a time', async () => {
    const t = setup();
    await t.dictate(
      (s) => s.unit('Left knee swelling. No chest pain. Give 5 mg.'),
      (s) => s.set('Right knee swelling. Chest pain. Give 5 mcg.'),
    );
    await vi.waitFor(() => expect(t.codes()).toEqual(['side_changed', 'polarity_flipped', 'unit_changed']));
    const fix = (code: string) =>
      t.dictation.resolveFlag(t.dictation.state().box.flags!.find((f) => f.code === code)!.id, 'fix');
    fix('unit_changed');
    await vi.waitFor(() => expect(t.inserter.field).toBe('Right knee swelling. Chest pain. Give 5 mg.'));
    fix('polarity_flipped');
    await vi.waitFor(() => expect(t.inserter.field).toBe('Right knee swelling. No chest pain. Give 5 mg.'));
    fix('side_changed');
    await vi.waitFor(() => expect(t.inserter.field).toBe('Left knee swelling. No chest pain. Give 5 mg.'));
    expect(t.codes()).toEqual([]);
    await t.dictation.stop();
    expect(t.inserter.field).toBe('Left knee swelling. No chest pain. Give 5 mg.');
  });

  it('Fix of a sound-alike puts the suggested name in through the correction path; Keep changes nothing', async () => {
    const t = setup();
    await t.dictate((s) => s.unit('Hydroxyzine for blood pressure.'));
    await vi.waitFor(() => expect(t.codes()).toEqual(['sound_alike']));
    expect(t.inserter.field).toBe('Hydroxyzine for blood pressure.');
    const [flag] = t.dictation.state().box.flags!;
    expect(flag?.facts).toMatchObject({ drug: 'Hydroxyzine', instead: 'hydralazine' });
    t.dictation.resolveFlag(flag!.id, 'fix');
    await vi.waitFor(() => expect(t.inserter.field).toBe('Hydralazine for blood pressure.'));
    expect(t.codes()).toEqual([]);
    await t.dictation.stop();
    expect(t.dictation.state().box.text).toBe('Hydralazine for blood pressure.');
  });

  it('into the dictation box: the same flags, the box text as said until the clinician acts', async () => {
    const t = setup(undefined, true);
    await t.dictate((s) => s.unit('Metoprolol 5 mg daily.'));
    await t.dictation.stop();
    await t.dictate(
      (s) => s.unit('Metoprolol 50 mg daily. Warfarin 5.0 mg. Left knee swelling. No chest pain.'),
      (s) => s.set('Metoprolol 50 mg daily. Warfarin 5.0 mg. Right knee swelling. Chest pain.'),
    );
    await vi.waitFor(() =>
      expect(t.codes().sort()).toEqual([
        'dose_magnitude',
        'polarity_flipped',
        'side_changed',
        'trailing_zero',
      ]),
    );
    await t.dictation.stop();
    expect(t.dictation.state().box.text).toBe(
      'Metoprolol 50 mg daily. Warfarin 5.0 mg. Right knee swelling. Chest pain.',
    );
    expect(t.codes()).toHaveLength(4);
  });

  it('into the dictation box: Fix of a trailing zero while dictating writes 5 mg; Keep leaves the rest', async () => {
    const t = setup(undefined, true);
    await t.dictate((s) => s.unit('Warfarin 5.0 mg. Insulin 10 U.'));
    await vi.waitFor(() => expect(t.codes()).toEqual(['trailing_zero', 'error_prone_abbreviation']));
    const [zero, units] = t.dictation.state().box.flags!;
    expect(zero!.fix).toMatchObject({ from: '5.0', to: '5' });
    t.dictation.resolveFlag(units!.id, 'keep');
    expect(t.dictation.state().box.text).toBe('Warfarin 5.0 mg. Insulin 10 U.');
    t.dictation.resolveFlag(zero!.id, 'fix');
    await vi.waitFor(() => expect(t.dictation.state().box.text).toBe('Warfarin 5 mg. Insulin 10 U.'));
    expect(t.codes()).toEqual([]);
    await t.dictation.stop();
    expect(t.dictation.state().box.text).toBe('Warfarin 5 mg. Insulin 10 U.');
  });

  it('a Fix while dictating is not put into the words said after "scratch that"', async () => {
    const t = setup(undefined, true);
    let say = (_: string) => {};
    await t.dictate((s) => (say = (words) => s.unit(words)));
    say('Give lorazepam .5 mg at night.');
    await vi.waitFor(() => expect(t.codes()).toEqual(['naked_decimal']));
    t.dictation.resolveFlag(t.dictation.state().box.flags![0]!.id, 'fix');
    await vi.waitFor(() => expect(t.dictation.state().box.text).toBe('Give lorazepam 0.5 mg at night.'));
    say(' scratch that');
    await vi.waitFor(() => expect(t.dictation.state().box.text).toBe(''));
    say(' Give lorazepam 1.5 mg at night.');
    await vi.waitFor(() => expect(t.dictation.state().box.text).toBe('Give lorazepam 1.5 mg at night.'));
  });

  it('a kind IT turned off is not flagged', async () => {
    const t = setup(['side', 'negation', 'sound_alike']);
    await t.dictate((s) => s.unit('Warfarin 5.0 mg.'));
    await t.dictation.stop();
    expect(t.codes()).toEqual([]);
  });
  it('in the finished box, a Fix that changes the length moves the flags after it: Edit selects their words', async () => {
    const t = setup(undefined, true);
    await t.dictate((s) => s.unit('Aspirin 81 mg daily.'));
    await t.dictation.stop();
    await t.dictate((s) => s.unit('Warfarin 5.0 mg. Aspirin 810 mg daily.'));
    await vi.waitFor(() => expect(t.codes()).toEqual(['trailing_zero', 'dose_magnitude']));
    await t.dictation.stop();
    const { text, flags } = t.dictation.state().box;
    const [zero] = flags!;
    const { fix } = zero!;
    // The box puts the fix in (fixInBox, the window's), then tells main.
    const fixed = text.slice(0, fix!.start) + fix!.to + text.slice(fix!.end);
    expect(fixed).toBe(text.replace('5.0', '5'));
    t.dictation.resolveFlag(zero!.id, 'fix');
    const [tenfold] = t.dictation.state().box.flags!;
    expect(tenfold?.words).toBe('810 mg');
    expect(fixed.slice(tenfold!.start, tenfold!.end)).toBe('810 mg');
    t.dictation.dispose();
  });
});
