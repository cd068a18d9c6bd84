/**
 * What the note needs from outside: the clipboard (main/shells/electron/electron-clipboard.ts writes it through
 * Electron) and the recorded visit's transcript.
 */
import type { TranscriptItemInput } from '../../core/api/schemas/note.ts';

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
}
