/**
 * The warnings a visit's inputs raise (no sound, an input lost, a microphone replaced by the default), as
 * facts: codes, the input's role, a count and the device's name; the renderer and the CLI word them
 * (preload/words). Zod-free, like enums.ts, so the renderer can import it; the schema is InputWarningSchema
 * in dto-visit.ts.
 */

/**
 * The clinician's input that follows the OS: whichever input is the system's default when it opens (a
 * saved choice of none, Settings' and the Visit screen's "System default"). Never the patient's input.
 */
export const SYSTEM_DEFAULT_INPUT = '';

/** Longest device name a warning carries (the OS's name for a microphone; longer ones are cut). */
export const DEVICE_LABEL_MAX = 100;

/** What a warning is about: which input, whether the visit has two, and what the device did. */
export interface InputWarningFacts {
  readonly code: 'no_sound' | 'input_lost' | 'device_fallback';
  readonly stream: 'clinician' | 'patient';
  /** The visit records two inputs (the words then say whose). */
  readonly dual: boolean;
  /** no_sound: after how many seconds. */
  readonly seconds?: number;
  /** input_lost / device_fallback: whether the device was missing at start or failed since. */
  readonly reason?: 'not_found' | 'device_lost' | 'reconnected';
  /** input_lost: the lost device; device_fallback: the default now recording. See {@link deviceLabel}. */
  readonly device?: string;
}

/**
 * A device's name as a warning may carry it: the OS's name for a microphone (the same text the device
 * picker shows), on one line, at most DEVICE_LABEL_MAX characters. It is the only free text a warning
 * holds: it names hardware, never what anyone said.
 */
export function deviceLabel(name: string): string {
  return Array.from(name.replace(/\p{Cc}+/gu, ' '))
    .slice(0, DEVICE_LABEL_MAX)
    .join('')
    .trim();
}
