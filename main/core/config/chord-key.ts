/** A hotkey of the configuration: checked with the same rules as Settings → Dictation, kept in its normal form. */
import { z } from 'zod';
import { ChordError, describeChord, formatChord, parseChord } from '../../base/chords/chord.ts';
import { refuseChord, type ChordUse } from '../../base/chords/chord-rules.ts';

/** The schema of a chord for `use` (a policy cannot set a chord the app would refuse). */
export const chord = (use: ChordUse) =>
  z.string().transform((raw, ctx) => {
    try {
      const parsed = parseChord(raw);
      const refusal = refuseChord(parsed, use, process.platform);
      if (refusal) {
        // Facts only (the refusal, the keys as a person reads them here): worded where they are shown.
        const keys = describeChord(parsed, process.platform);
        ctx.addIssue({
          code: 'custom',
          message: `key refused: ${refusal.reason}`,
          params: { refusal, keys },
        });
        return z.NEVER;
      }
      return formatChord(parsed);
    } catch (error) {
      if (!(error instanceof ChordError)) throw error;
      const refusal = { reason: error.reason };
      ctx.addIssue({ code: 'custom', message: `key refused: ${error.reason}`, params: { refusal } });
      return z.NEVER;
    }
  });
