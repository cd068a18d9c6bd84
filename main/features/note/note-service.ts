/**
 * The note of the visit on screen: generated from the recorded visit's final transcript, and copied as
 * EHR-ready text (the text never crosses IPC). The workflow itself (edits, codes, instructions) is
 * note-workflow.ts; this adds what it needs from outside: the Core API, the transcript, the clipboard.
 */
import type { GenerateNote } from '../../../preload/contract/index.ts';
import type { CoreAccess } from '../connection/ports.ts';
import { Failure } from '../../base/failure.ts';
import type { EmitEvent } from '../../core/ipc/event-emitter.ts';
import { withLineEndings } from './ehr-text.ts';
import { NoteWorkflow } from './note-workflow.ts';
import type { ClipboardPort, VisitTranscript } from './ports.ts';
import type { CustomizationStore } from '../settings/ports.ts';

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
}

/** One app-wide note (of the visit on screen). */
export class NoteService {
  readonly workflow = new NoteWorkflow();
  readonly transcript: VisitTranscript;
  readonly #deps: NoteServiceDeps;

  constructor(deps: NoteServiceDeps) {
    this.#deps = deps;
    this.transcript = deps.transcript;
  }

  /** The current note as the renderer sees it. */
  get note() {
    return this.workflow.note;
  }

  /** Drops the note: the transcript it was written from is being replaced. */
  reset(): void {
    this.workflow.reset();
  }

  async generate(request: GenerateNote) {
    if (this.transcript.active) throw new Failure('visit_in_progress');
    return this.workflow.generate(
      this.#deps.core.require(),
      request,
      this.transcript.finalInputs(),
      (p) => this.#deps.emit('note:progress', p),
      this.#deps.customizations,
    );
  }

  /** Copies the note or one section as EHR-ready text; the text never crosses IPC. */
  async copy(sectionKey: string | null): Promise<{ chars: number; transient: boolean }> {
    const text = this.workflow.copyText(sectionKey);
    if (text.length === 0) throw new Failure('invalid_request', { reason: 'section_empty' });
    return this.#toClipboard(text);
  }

  /** Copies the patient instructions as last shown (the original or its translation, disclaimer included). */
  async copyInstructions(): Promise<{ chars: number; transient: boolean }> {
    return this.#toClipboard(this.workflow.instructionsText());
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
