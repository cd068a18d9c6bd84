/**
 * Keys of the checks on dictated text (main/core/checks), a part of the dictation block (dictation-keys.ts):
 * IT turns each kind off; the keys that keep or fix the flag the overlay shows.
 */
import { z } from 'zod';
import { key } from './policy-keys-core.ts';
import { chord } from './chord-key.ts';

/** A kind of check on dictated text, on unless IT turns it off (policy, environment or flags; not settings). */
const checkKey = (title: string, description: string) =>
  key({
    schema: z.boolean(),
    default: true,
    title,
    description: `${description} The same check runs on a note section the clinician saves after changing it.`,
    expect: 'must be true or false',
    deniedLayers: ['settings'],
    example: true,
  });
/** The checks' keys, in the order the policy reference lists them. */
export const CHECK_KEYS = {
  // The checks on dictated text (main/core/checks): IT turns each kind off; only IT (no settings layer).
  checksDoses: checkKey(
    'Dictation checks: doses',
    'Flags doses in dictated text and its corrections: error-prone forms (trailing zero "5.0 mg", naked decimal ".5 mg", U, IU, QD, QOD, cc, µg), a dose or unit a correction changed, a dose ten times (or a tenth of) the same drug\'s dose dictated earlier. Shown to the clinician, never changed. Off: not checked.',
  ),
  checksSoundAlikes: checkKey(
    'Dictation checks: sound-alike drug names',
    'Asks "did you mean …?" when a drug name heard is one of a pair on a published list of confused drug names and its context fits the other. Never replaced without the clinician. Off: not checked.',
  ),
  checksSides: checkKey(
    'Dictation checks: sides',
    'Flags left, right or bilateral in conflict for the same body part within a dictation (or with one dictated earlier), and a side a correction changed. Off: not checked.',
  ),
  checksNegation: checkKey(
    'Dictation checks: negation',
    'Flags a correction that flips a finding between absent, present and possible ("no chest pain" → "chest pain"), or turns hyper- into hypo- (or back). Off: not checked.',
  ),
  // Registered only while the overlay shows a flag, so they take no key from the EHR otherwise. Function
  // keys: Alt+letter opens the menus of Windows EHRs, and Control+Alt is AltGr on French and Spanish layouts.
  dictationKeepFlagKey: key({
    schema: chord('shortcut'),
    default: 'F8',
    title: 'Keep the flagged text key',
    description:
      'Keeps the text the overlay flags as it was said (the flag goes; the audit trail records it kept). Registered with the OS only while the overlay shows a flag.',
    expect: 'must be a hotkey such as F8 (not copy, paste, undo, app switching, screenshots…)',
    example: 'F8',
  }),
  dictationFixFlagKey: key({
    schema: chord('shortcut'),
    default: 'Shift+F8',
    title: 'Fix the flagged text key',
    description:
      'Fixes the text the overlay flags: a sound-alike drug name is replaced by the name suggested while the dictation runs; any other flag goes and the clinician says or types the fix. Registered with the OS only while the overlay shows a flag.',
    expect: 'must be a hotkey such as Shift+F8 (not copy, paste, undo, app switching, screenshots…)',
    example: 'Shift+F8',
  }),
};
