/**
 * Checked dictation into a real field: a Tk text field in another process on a private Xvfb display, the
 * insertion engine over XTest, the controller with a scripted session. A dose ten times the one dictated
 * earlier into the same application, a trailing zero ("5.0 mg"), left → right in a correction and a dropped
 * "no" are each flagged, and the field holds exactly what was said (and what the service corrected) until
 * the clinician acts: keeping a flag changes nothing; fixing the trailing zero writes "5 mg" in the field.
 */
import { describe, expect, it, vi } from 'vitest';
import type { DictationFlag } from '../../../../preload/contract/index.ts';
import { controllerOnX11 } from './x11-controller.ts';
import { desktopPerSuite } from './x11-suite.ts';
import { TkField } from './x11-harness.ts';

const describeX = process.env.REAL_DISPLAY ? describe : describe.skip;

describeX('checked dictation in a real X11 field', () => {
  const x11 = desktopPerSuite();

  it('a 10× dose, a trailing zero, left → right and a dropped "no" are flagged; Keep leaves the field, Fix writes 5 mg', async () => {
    const field = await TkField.open(x11.screen, `ehr-checks-${Math.random().toString(36).slice(2)}`);
    let flags: readonly DictationFlag[] = [];
    try {
      const app = (await field.focus(x11.screen, x11.desktop))?.app ?? '';
      const { controller, sessions } = controllerOnX11(x11.desktop, x11.screen.env, {
        mode: 'paste',
        rules: () => [{ app, insert: 'paste', lineBreak: 'return' }],
        sink: { live: (_text, now = []) => void (flags = now), finished: () => undefined },
        // What the app's ledger gives: the text dictated earlier into the same application.
        checks: () => ({
          earlier: 'Metoprolol 5 mg twice daily.',
          kinds: ['dose', 'sound_alike', 'side', 'negation'],
        }),
      });
      await controller.start();
      await vi.waitFor(() => expect(sessions).toHaveLength(1));
      const session = sessions[0]!;
      session.unit('Metoprolol 50 mg twice daily. Warfarin 5.0 mg. Left knee swelling. No chest pain.');
      session.set('Metoprolol 50 mg twice daily. Warfarin 5.0 mg. Right knee swelling. Chest pain.');
      const said = 'Metoprolol 50 mg twice daily. Warfarin 5.0 mg. Right knee swelling. Chest pain.';
      await vi.waitFor(() => expect(field.text).toBe(said), { timeout: 15_000 });
      await vi.waitFor(() =>
        expect(flags.map((f) => f.code).sort()).toEqual(
          ['dose_magnitude', 'polarity_flipped', 'side_changed', 'trailing_zero'].sort(),
        ),
      );
      const magnitude = flags.find((f) => f.code === 'dose_magnitude')!;
      expect(magnitude.facts).toMatchObject({ said: '50 mg', earlier: '5 mg', factor: 10 });
      const zero = flags.find((f) => f.code === 'trailing_zero')!;
      expect(magnitude.fix).toBeUndefined(); // no single right value: Keep only
      for (const flag of flags.filter((f) => f !== zero))
        expect(controller.resolveFlag(flag.id, 'keep')).not.toBeNull();
      expect(flags.map((f) => f.code)).toEqual(['trailing_zero']);
      expect(field.text).toBe(said); // kept: the field is as said
      expect(controller.resolveFlag(zero.id, 'fix')).not.toBeNull();
      const fixed = 'Metoprolol 50 mg twice daily. Warfarin 5 mg. Right knee swelling. Chest pain.';
      await vi.waitFor(() => expect(field.text).toBe(fixed), { timeout: 15_000 });
      expect(flags).toEqual([]);
      await controller.stop();
      expect(field.text).toBe(fixed);
    } finally {
      field.close();
    }
  }, 60_000);
});
