/**
 * What the note needs from outside: the clipboard (main/shells/electron/electron-clipboard.ts writes it through
 * Electron) and the recorded visit's transcript.
 */
import type { TranscriptItemInput } from '../../core/api/schemas/note.ts';
import type { PatientDemographics } from '../../core/api/schemas/visit-context.ts';
import type { SPEECH_LOCALES } from '../../../preload/contract/enums.ts';
import type { TranscriptItem } from '../../../preload/contract/index.ts';
import type { SaidSource } from '../../core/streaming/transcriber-port.ts';
import type { FlagCode, FlagKind } from '../../../preload/contract/text-check-codes.ts';

type InstructionsLocale = (typeof SPEECH_LOCALES)[number];

/** Writes the clipboard; `transient` says whether clipboard history/managers were told to skip it. */
export interface ClipboardPort {
  writeText(text: string): Promise<{ transient: boolean }>;
}

/** The recorded visit's transcript, as the note reads it. */
export interface VisitTranscript {
  /** A visit is being recorded (its transcript is not final yet). */
  readonly active: boolean;
  /** The final transcript items, as the service takes them for a note. */
  finalInputs(): TranscriptItemInput[];
  /** When the visit was recorded (ms since the epoch; a recovered visit keeps its own), null if unknown. */
  startedAt?(): number | null;
  /** The demographics of the patient of the appointment the visit was started from (schedule), if any. */
  patient?(): PatientDemographics | null;
  /** The visit's lines with their ids, speakers and times (the evidence's audio is read by them). */
  items?(): readonly TranscriptItem[];
  /** What the visit said: its speech locales and kept audio (null: no visit, or unknown). */
  said?(): SaidSource | null;
}

/**
 * What the note reports (the audit trail listens): modes, flags, section keys and locales only, never the
 * note, the extra context or the instructions themselves. `section: null` is the whole note.
 */
export type NoteEvent =
  | { readonly kind: 'note_generated'; readonly mode: 'sync' | 'async'; readonly withContext: boolean }
  | { readonly kind: 'note_copied'; readonly section: string | null }
  | { readonly kind: 'instructions_copied' }
  /** `whole`: the whole list, else one item (which one is not said). */
  | { readonly kind: 'codes_copied'; readonly what: 'codes' | 'orders'; readonly whole: boolean }
  /** A check flagged what the clinician changed in `section` (note-checks.ts), and how it was resolved. */
  | {
      readonly kind: 'note_flag_shown';
      readonly section: string;
      readonly check: FlagKind;
      readonly code: FlagCode;
    }
  | {
      readonly kind: 'note_flag_resolved';
      readonly section: string;
      readonly check: FlagKind;
      readonly code: FlagCode;
      /** Kept as written, fixed (the value before put back), or left (changed again, or written again). */
      readonly how: 'kept' | 'fixed' | 'left';
    }
  | {
      readonly kind: 'instructions_translated';
      readonly from: InstructionsLocale;
      readonly to: InstructionsLocale;
    };
