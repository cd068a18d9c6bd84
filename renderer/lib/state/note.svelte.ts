/** The note: templates, generation with progress, edits by hand and by instruction, and copy. */
import type {
  CopyResult,
  GenerateNote,
  IpcError,
  IpcResult,
  Note,
  NoteProgress,
  SectionContent,
  Templates,
} from '../../../preload/contract/index.ts';
import { scribe, settle } from '../api.ts';
import { changedSectionKeys } from './note-rules.ts';
import { untitledSectionNames } from './note-section.ts';

/** Note state for the Note screen. */
export class NoteStore {
  #note = $state.raw<Note | null>(null);
  #templates = $state.raw<Templates | null>(null);
  #templatesError = $state.raw<IpcError | null>(null);
  #progress = $state.raw<NoteProgress | null>(null);
  #error = $state.raw<IpcError | null>(null);
  #busy = $state<'generate' | 'edit' | 'copy' | null>(null);
  #copied = $state.raw<{ sectionKey: string | null; result: CopyResult } | null>(null);
  /** The sections the last change by instruction changed (none: it changed nothing), while it is the latest. */
  #instructionChange = $state.raw<{ keys: string[] } | null>(null);
  #off: (() => void) | null = null;

  get note(): Note | null {
    return this.#note;
  }
  get templates(): Templates | null {
    return this.#templates;
  }
  /** Why the templates could not be listed (the picker is then empty), or null. */
  get templatesError(): IpcError | null {
    return this.#templatesError;
  }
  get progress(): NoteProgress | null {
    return this.#progress;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  get busy(): 'generate' | 'edit' | 'copy' | null {
    return this.#busy;
  }
  get copied(): { sectionKey: string | null; result: CopyResult } | null {
    return this.#copied;
  }
  get instructionChange(): { keys: string[] } | null {
    return this.#instructionChange;
  }
  /** Whether writing the note again would replace the clinician's own changes. */
  get edited(): boolean {
    // From main, which keeps it: a reloaded window still asks before replacing the clinician's changes.
    return this.#note?.edited === true;
  }

  connect(): void {
    this.#off = scribe()?.onNoteProgress((progress) => (this.#progress = progress)) ?? null;
  }

  disconnect(): void {
    this.#off?.();
  }

  async load(): Promise<void> {
    const [templates, note] = await Promise.all([
      settle(() => scribe().noteTemplates()),
      settle(() => scribe().noteGet()),
    ]);
    if (templates.ok) this.#templates = templates.data;
    this.#templatesError = templates.ok ? null : templates.error;
    if (note.ok) this.#note = note.data.note;
  }

  /** Reloads the note from main (it may have been dropped there, e.g. when a visit started). */
  async refresh(): Promise<void> {
    const note = await settle(() => scribe().noteGet());
    if (note.ok) this.#note = note.data.note;
  }

  clear(): void {
    this.#note = null;
    this.#error = null;
    this.#copied = null;
    this.#progress = null;
    this.#instructionChange = null;
  }

  generate(options: GenerateNote): Promise<boolean> {
    this.#progress = null;
    return this.#run('generate', () => scribe().noteGenerate(options));
  }

  editSection(key: string, content: SectionContent): Promise<boolean> {
    const revision = this.#note?.revision ?? 0;
    return this.#run('edit', () => scribe().noteEditSection({ revision, key, content }));
  }

  /** Changes the note by instruction, then says which sections changed (or that none did). */
  async editByInstruction(instructions: string): Promise<boolean> {
    const before = this.#note;
    const done = await this.#run('edit', () => scribe().noteEditByInstruction({ instructions }));
    if (done && before && this.#note)
      this.#instructionChange = { keys: changedSectionKeys(before, this.#note) };
    return done;
  }

  /** Back to the note as it was before the last change by instruction. */
  undoInstruction(): Promise<boolean> {
    const revision = this.#note?.revision ?? 0;
    return this.#run('edit', () => scribe().noteUndoInstruction({ revision }));
  }

  /** Keeps a check's flag on a section as written: it goes, the text stays as it is. */
  async keepFlag(section: string, id: string): Promise<void> {
    const result = await settle(() => scribe().noteKeepFlag({ section, id }));
    if (result.ok) this.#note = result.data;
    else this.#error = result.error;
  }

  /** Fixes a check's flag on a section: the value before (or the name meant) put back in its text. */
  async fixFlag(section: string, id: string): Promise<void> {
    const result = await settle(() => scribe().noteFixFlag({ section, id }));
    if (result.ok) this.#note = result.data;
    else this.#error = result.error;
  }

  async copy(sectionKey: string | null): Promise<boolean> {
    this.#busy = 'copy';
    this.#error = null;
    const names = untitledSectionNames(this.#note?.sections ?? []);
    const result = await settle(() => scribe().copyNote({ sectionKey, names }));
    this.#busy = null;
    if (!result.ok) {
      this.#error = result.error;
      return false;
    }
    this.#copied = { sectionKey, result: result.data };
    return true;
  }

  async #run(kind: 'generate' | 'edit', call: () => Promise<IpcResult<Note>>): Promise<boolean> {
    this.#busy = kind;
    this.#error = null;
    const result = await settle(call);
    this.#busy = null;
    if (!result.ok) {
      this.#error = result.error;
      return false;
    }
    this.#note = result.data;
    this.#copied = null;
    this.#instructionChange = null;
    return true;
  }
}
