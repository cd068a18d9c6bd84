/** The Note screen while it is open: the writing choices, the confirmation before replacing edits, inputs. */
import { INPUT_LIMITS } from '../../../preload/contract/limits.ts';
import type { NoteStore } from './note.svelte.ts';
import { sectionHeading } from './note-section.ts';
import { currentLocale } from '../../../preload/words/window.ts';
import {
  canWriteNote,
  generateRequest,
  isLongVisit,
  noteProgressText,
  sendable,
  instructionResultText,
  transcriptSummary,
  startingNoteLocale,
} from './note-rules.ts';
import {
  emptyVisitDetails,
  visitDetailsOf,
  visitDetailsProblem,
  type VisitDetailsFields,
} from './visit-details-rules.ts';

/** What the Note screen needs to know of the visit. */
export interface VisitFacts {
  readonly recording: boolean;
  readonly state: { readonly finalItems: number; readonly elapsedMs: number };
}

/** The form's own state; made by the view, so it starts afresh each time Note opens. */
export class NoteForm {
  templateKey = $state('');
  locale = $state('ENGLISH_US');
  /** Write in the background and report progress (the async form). */
  background = $state(false);
  instruction = $state('');
  extraContext = $state('');
  /** The visit details the note is written with (date, specialty, patient, diagnoses, draft plan). */
  details = $state<VisitDetailsFields>(emptyVisitDetails());
  /** Asking before "Write again" (with or without context) replaces the clinician's own changes. */
  #confirming = $state<{ withContext: boolean } | null>(null);
  readonly #note: () => NoteStore;
  readonly #visit: () => VisitFacts;
  /** A clinician sign-in's specialty is on its account: it is sent for server connections only. */
  readonly #caller: () => 'server' | 'user' | null;

  /** All read the view's current props. */
  constructor(
    note: () => NoteStore,
    visit: () => VisitFacts,
    caller: () => 'server' | 'user' | null = () => null,
  ) {
    this.#note = note;
    this.#visit = visit;
    this.#caller = caller;
  }

  get confirming(): { withContext: boolean } | null {
    return this.#confirming;
  }
  get canGenerate(): boolean {
    const visit = this.#visit();
    return (
      canWriteNote({
        recording: visit.recording,
        finalItems: visit.state.finalItems,
        busy: this.#note().busy,
      }) && visitDetailsProblem(this.details) === null
    );
  }
  get progressText(): string {
    return noteProgressText(this.#note().progress, this.#note().busy);
  }
  get transcriptText(): string {
    return transcriptSummary(this.#visit().state.finalItems, this.#visit().recording);
  }
  get canApplyInstruction(): boolean {
    return this.#note().busy === null && sendable(this.instruction, INPUT_LIMITS.editInstructionChars);
  }
  get canWriteWithContext(): boolean {
    return (
      this.canGenerate &&
      this.#confirming === null &&
      sendable(this.extraContext, INPUT_LIMITS.extraContextChars)
    );
  }

  /**
   * Loads templates and note, then starts from their defaults; long visits default to the background.
   * `write` (the Visit screen's "Write the note") then writes the note with them, unless there is one.
   */
  async open(write = false): Promise<void> {
    const note = this.#note();
    await note.load();
    this.templateKey = note.templates?.defaultKey ?? '';
    this.locale = startingNoteLocale(note.templates, currentLocale());
    this.background = isLongVisit(this.#visit().state.elapsedMs);
    if (write && !note.note && this.canGenerate) await this.generate(false);
  }

  /** Writes the note (again); asks first when that would replace the clinician's own changes. */
  writeAgain(withContext: boolean): void {
    const note = this.#note();
    if (note.note && note.edited) this.#confirming = { withContext };
    else void this.generate(withContext);
  }

  /** Writes the note now (also the confirmation's "Replace my changes"). */
  generate(withContext: boolean): Promise<boolean> {
    this.#confirming = null;
    return this.#note().generate(
      generateRequest({
        templateKey: this.templateKey,
        locale: this.locale,
        background: this.background,
        extraContext: withContext ? this.extraContext : null,
        details: visitDetailsOf(this.details, this.#caller()),
      }),
    );
  }

  /** "Keep my note": nothing is written. */
  keep(): void {
    this.#confirming = null;
  }

  /** What the last change by instruction did ('' when there is none to report). */
  get instructionResult(): string {
    const change = this.#note().instructionChange;
    const sections = this.#note().note?.sections ?? [];
    const titles = change ? sections.filter((s) => change.keys.includes(s.key)).map(sectionHeading) : null;
    return instructionResultText(titles);
  }
  get canUndoInstruction(): boolean {
    return (this.#note().instructionChange?.keys.length ?? 0) > 0 && this.#note().busy === null;
  }

  /** Changes the note by the typed instruction; the field empties once it is applied. */
  async applyInstruction(): Promise<void> {
    if (await this.#note().editByInstruction(this.instruction)) this.instruction = '';
  }

  /** "Undo": the note as it was before the last instruction. */
  async undoInstruction(): Promise<void> {
    await this.#note().undoInstruction();
  }
}
