/**
 * The note of the visit on screen: generated from the recorded visit's final transcript, and copied as
 * EHR-ready text (the text never crosses IPC). The workflow itself (edits, codes, instructions) is
 * note-workflow.ts; this adds what it needs from outside: the Core API, the transcript, the clipboard.
 */
import type {
  CopyCodesRequest,
  GenerateNote,
  Note as NoteDto,
  RequestOf,
  SectionContent,
} from '../../../preload/contract/index.ts';
import { FLAG_KINDS, restoredValue, type FlagKind } from '../../../preload/contract/text-check-codes.ts';
import { NoteChecks, sectionTextOf } from './note-checks.ts';
import { forgetConversation } from '../../core/checks/evidence.ts';
import { fixedContent } from './note-fix.ts';
import type { CoreAccess } from '../connection/ports.ts';
import { Failure } from '../../base/failure.ts';
import type { EmitEvent } from '../../core/ipc/event-emitter.ts';
import { withLineEndings } from './ehr-text.ts';
import { NoteWorkflow } from './note-workflow.ts';
import { localDate } from './visit-details.ts';
import type { ClipboardPort, NoteEvent, VisitTranscript } from './ports.ts';
import { Emitter } from '../../base/async/emitter.ts';
import type { CustomizationStore } from '../settings/ports.ts';

/** The day the visit was recorded, in the clinician's time zone; null when not known. */
function visitDateOf(transcript: VisitTranscript): string | null {
  const started = transcript.startedAt?.() ?? null;
  return started === null ? null : localDate(started);
}

/** What the note needs from outside. */
export interface NoteServiceDeps {
  /** The connection's Core API. */
  readonly core: CoreAccess;
  readonly transcript: VisitTranscript;
  readonly clipboard: ClipboardPort;
  readonly emit: EmitEvent;
  /** process.platform, for line endings of copied text. */
  readonly platform: string;
  /** A server caller's saved customization, sent with each note (the service keeps it for users only). */
  readonly customizations?: CustomizationStore;
  /** The kinds of check IT left on (policy `checks*`) for sections changed by hand; all when omitted. */
  readonly checkKinds?: () => readonly FlagKind[];
}

/** One app-wide note (of the visit on screen). */
export class NoteService {
  readonly workflow = new NoteWorkflow();
  readonly transcript: VisitTranscript;
  readonly #deps: NoteServiceDeps;
  readonly #reported = new Emitter<NoteEvent>();
  readonly #checks: NoteChecks;
  /** The extra context the note was written with, each time (a revision keeps what earlier context put in). */
  #added: string[] = [];
  /** The note as the service last wrote it (before the clinician's changes): what a note written again is compared with. */
  #written: NoteDto | null = null;

  constructor(deps: NoteServiceDeps) {
    this.#deps = deps;
    this.transcript = deps.transcript;
    this.#checks = new NoteChecks((e) => this.#reported.emit(e), deps.checkKinds ?? (() => FLAG_KINDS));
  }

  /** Told each note written, copy made and translation, whatever asked for it; returns its remover. */
  onDidReport(listener: (event: NoteEvent) => void): () => void {
    return this.#reported.on(listener);
  }

  /** The current note as the renderer sees it, with the checks' open flags. */
  get note(): NoteDto | null {
    return this.withFlags(this.workflow.note);
  }

  /** `note` with the checks' flags still open on it. */
  withFlags<N extends NoteDto | null>(note: N): N {
    const flags = this.#checks.flags(note);
    return note && flags.length > 0 ? { ...note, flags } : note;
  }

  /** Replaces a section's content by hand, then checks what the change brought (note-checks.ts). */
  editSection(revision: number, key: string, content: SectionContent): NoteDto {
    const current = this.workflow.note;
    const before = current && sectionTextOf(current, key);
    const note = this.workflow.editSection(revision, key, content);
    if (before !== null) this.#checks.edited(note, key, before);
    return this.withFlags(note);
  }

  /** Keeps a flag on section `key` as written: it goes, the text stays as it is. */
  keepFlag(key: string, id: string): NoteDto {
    const note = this.note;
    if (!note) throw new Failure('no_note');
    if (!this.#checks.keep(key, id)) throw new Failure('invalid_request');
    return this.withFlags(this.workflow.note) ?? note;
  }

  /**
   * Fixes flag `id` of section `key`: the flagged words put back to the value before (or the name meant),
   * as an edit of the section (checked again). Refused when the flag has no such value or the words moved.
   */
  fixFlag(key: string, id: string): NoteDto {
    const note = this.workflow.note;
    if (!note) throw new Failure('no_note');
    const flag = this.#checks.open(key, id);
    const fix = flag && restoredValue(flag);
    const section = note.sections.find((s) => s.key === key);
    const checked = sectionTextOf(note, key);
    const content =
      fix && section && checked !== null
        ? fixedContent(section.content, checked, { ...fix, start: flag.start })
        : null;
    if (!content) throw new Failure('invalid_request');
    this.#checks.fixed(key, id);
    return this.editSection(note.revision, key, content);
  }

  /** Drops the note: the transcript it was written from is being replaced. */
  reset(): void {
    this.workflow.reset();
    this.#added = [];
    this.#written = null;
    forgetConversation(); // the evidence's reading of the old transcript goes with it
    this.#checks.flags(null);
  }

  async generate(request: GenerateNote) {
    if (this.transcript.active) throw new Failure('visit_in_progress');
    const note = await this.workflow.generate(
      this.#deps.core.require(),
      request,
      this.transcript.finalInputs(),
      (p) => this.#deps.emit('note:progress', p),
      this.#deps.customizations,
      visitDateOf(this.transcript),
      this.transcript.patient?.() ?? null,
    );
    this.#reported.emit({
      kind: 'note_generated',
      mode: request.mode,
      withContext: Boolean(request.extraContext),
    });
    if (request.extraContext) this.#added = [...this.#added, request.extraContext];
    // Written again: the flags on the last version are left, what the new version changed is flagged (not
    // in another language: its words are not the last version's, a translation is no revision).
    if (this.#written?.locale === note.locale) this.#checks.rewritten(this.#written, note);
    else this.#checks.flags(null);
    this.#written = note;
    return this.withFlags(note);
  }

  /** The extra context the note on screen was written with (pasted text; for its evidence). */
  get addedContext(): readonly string[] {
    return this.#added;
  }

  /** Translates the patient instructions last shown (see NoteWorkflow.translate). */
  async translate(request: RequestOf<'instructions:translate'>) {
    const translated = await this.workflow.translate(
      this.#deps.core.require(),
      request.fromLocale,
      request.toLocale,
    );
    this.#reported.emit({ kind: 'instructions_translated', from: request.fromLocale, to: request.toLocale });
    return translated;
  }

  /**
   * Copies the note or one section as EHR-ready text; the text never crosses IPC. `names` are the window's
   * titles for sections the service left untitled.
   */
  async copy(
    sectionKey: string | null,
    names: Readonly<Record<string, string>> = {},
  ): Promise<{ chars: number; transient: boolean }> {
    const text = this.workflow.copyText(sectionKey, names);
    if (text.length === 0) throw new Failure('invalid_request', { reason: 'section_empty' });
    const copied = await this.#toClipboard(text);
    this.#reported.emit({ kind: 'note_copied', section: sectionKey });
    return copied;
  }

  /** Copies the patient instructions as last shown (the original or its translation, disclaimer included). */
  async copyInstructions(): Promise<{ chars: number; transient: boolean }> {
    const copied = await this.#toClipboard(this.workflow.instructionsText());
    this.#reported.emit({ kind: 'instructions_copied' });
    return copied;
  }

  /** Copies the codes or orders as last shown, whole or one item, the same way as the note. */
  async copyCodes(request: CopyCodesRequest): Promise<{ chars: number; transient: boolean }> {
    const copied = await this.#toClipboard(this.workflow.codesCopyText(request));
    this.#reported.emit({ kind: 'codes_copied', what: request.what, whole: request.index === null });
    return copied;
  }

  async #toClipboard(plain: string): Promise<{ chars: number; transient: boolean }> {
    const text = withLineEndings(plain, this.#deps.platform);
    try {
      const { transient } = await this.#deps.clipboard.writeText(text);
      return { chars: text.length, transient };
    } catch {
      throw new Failure('clipboard_unavailable');
    }
  }
}
