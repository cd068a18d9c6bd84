/** The Note screen's rules: when a note can be written, what is sent, and what the screen says. */
import type {
  CopyResult,
  GenerateNote,
  Note,
  NoteProgress,
  Templates,
  VisitDetails,
} from '../../../preload/contract/index.ts';
import { charCount } from '../../../preload/contract/limits.ts';
import { ui } from '../../../preload/words/window.ts';

/** Visits longer than this default to the background form, which reports progress. */
const LONG_VISIT_MS = 20 * 60_000;

/** What the note store is doing, if anything. */
type Busy = 'generate' | 'edit' | 'copy' | null;

/** Whether a note can be written now: the visit has ended with transcript lines, and nothing else runs. */
export function canWriteNote(facts: { recording: boolean; finalItems: number; busy: Busy }): boolean {
  return !facts.recording && facts.finalItems > 0 && facts.busy === null;
}

/** Text worth sending: not blank, and within its limit (counted as the person sees characters). */
export function sendable(text: string, limit: number): boolean {
  return text.trim() !== '' && charCount(text) <= limit;
}

/** The progress line while the note is written in the background ('' otherwise). */
export function noteProgressText(progress: NoteProgress | null, busy: Busy): string {
  if (!progress || busy !== 'generate') return '';
  return progress.stage === 'queued' ? ui().note.sending : ui().note.writing(progress.elapsedSec);
}

/** What the transcript offers the note, next to the Write button. */
export function transcriptSummary(finalItems: number, recording: boolean): string {
  if (finalItems === 0 && !recording) return ui().note.noTranscript;
  return ui().note.lines(finalItems, recording);
}

/** The title of the template the note settings choose, or null when unknown. */
/**
 * The note language to start from: the organization's or the note settings' when there is one, else the note
 * locale of the window's own language when notes are written in it (a French window: FRENCH_FR), else
 * ENGLISH_US (the contract's default).
 */
export function startingNoteLocale(templates: Templates | null, windowLanguage: string): string {
  if (templates?.defaultLocale) return templates.defaultLocale;
  const prefix = { fr: 'FRENCH_', es: 'SPANISH_' }[windowLanguage];
  return (prefix && templates?.noteLocales.find((code) => code.startsWith(prefix))) || 'ENGLISH_US';
}

/** The note locales' prefix for each window language. */
const NOTE_LOCALE_PREFIX: Readonly<Record<string, string>> = {
  en: 'ENGLISH_',
  fr: 'FRENCH_',
  es: 'SPANISH_',
};

/**
 * Whether the service writes no note in the window's language (once its note locales are known), so the
 * Note screen says why the note is in another one. A Spanish window: the public facts give the note locales
 * ENGLISH_US, ENGLISH_UK and FRENCH_FR only.
 */
export function noteLanguageMissing(templates: Templates | null, windowLanguage: string): boolean {
  const prefix = NOTE_LOCALE_PREFIX[windowLanguage];
  return (
    templates !== null && prefix !== undefined && !templates.noteLocales.some((c) => c.startsWith(prefix))
  );
}

export function defaultTemplateTitle(templates: Templates | null): string | null {
  return templates?.templates.find((t) => t.key === templates.defaultKey)?.title ?? null;
}

/** The note-writing request from the screen's choices; extra context only when asked for and not blank. */
export function generateRequest(choice: {
  templateKey: string;
  locale: string;
  background: boolean;
  extraContext: string | null;
  details?: VisitDetails | null;
}): GenerateNote {
  const context = choice.extraContext;
  return {
    templateKey: choice.templateKey || null,
    locale: choice.locale,
    mode: choice.background ? 'async' : 'sync',
    extraContext: context !== null && context.trim() ? context : null,
    details: choice.details ?? null,
  };
}

/** The status line after a copy: what was copied, how much, and whether clipboard history skips it. */
export function copiedText(copied: { sectionKey: string | null; result: CopyResult } | null): string {
  if (!copied) return '';
  return ui().note.copied(copied.sectionKey === null, copied.result.chars, copied.result.transient);
}

/** Whether a visit this long should write its note in the background. */
export function isLongVisit(elapsedMs: number): boolean {
  return elapsedMs > LONG_VISIT_MS;
}

/** The keys of the sections an instruction changed (title or content), in the note's order. */
export function changedSectionKeys(before: Note, after: Note): string[] {
  const old = new Map(before.sections.map((s) => [s.key, JSON.stringify([s.title, s.content])]));
  return after.sections
    .filter((s) => old.get(s.key) !== JSON.stringify([s.title, s.content]))
    .map((s) => s.key);
}

/** What "Apply" did: the sections it changed (highlighted in the note), or that nothing changed. */
export function instructionResultText(changedTitles: readonly string[] | null): string {
  if (changedTitles === null) return '';
  return changedTitles.length === 0 ? ui().note.unchanged : ui().note.changed(changedTitles);
}
