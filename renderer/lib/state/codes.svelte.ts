/** Codes and more: ICD-10 / LOINC, E/M, suggested orders and patient instructions for the current note. */
import type {
  Codes,
  CopyResult,
  EmCodes,
  EmInputs,
  Instructions,
  InstructionsLocale,
  IpcError,
  IpcResult,
  Orders,
} from '../../../preload/contract/index.ts';
import { orderCopyNames } from '../../../preload/words/window.ts';
import { scribe, settle } from '../api.ts';
import type { NoteStore } from './note.svelte.ts';

/**
 * One loadable result with its own error, so one failure never hides the others, stamped with the note
 * revision it was made from: once the note changes it is shown as out of date, not as current.
 */
class Slot<T> {
  #value = $state.raw<T | null>(null);
  #revision = $state<number | null>(null);
  #error = $state.raw<IpcError | null>(null);
  #loading = $state(false);
  readonly #noteRevision: () => number | null;

  constructor(noteRevision: () => number | null) {
    this.#noteRevision = noteRevision;
  }

  get value(): T | null {
    return this.#value;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  get loading(): boolean {
    return this.#loading;
  }
  /** Worth asking for: nothing yet, or out of date, and no request under way. */
  get wanted(): boolean {
    return !this.#loading && (this.#value === null || this.stale);
  }
  /** Made from an earlier version of the note than the one shown now. */
  get stale(): boolean {
    return this.#value !== null && this.#revision !== this.#noteRevision();
  }

  async load(call: () => Promise<IpcResult<T>>): Promise<void> {
    this.#loading = true;
    this.#error = null;
    // Main answers from its note as it is when the request arrives: the revision the renderer shows now.
    const revision = this.#noteRevision();
    const result = await settle(call);
    this.#loading = false;
    if (result.ok) {
      this.#value = result.data;
      this.#revision = revision;
    } else this.#error = result.error;
  }

  clear(): void {
    this.#value = null;
    this.#revision = null;
    this.#error = null;
  }

  /** Shows an error of an action on this result (e.g. copying it) without dropping the result. */
  fail(error: IpcError): void {
    this.#error = error;
  }
}

/** State for the Codes & more screen. */
export class CodesStore {
  readonly codes: Slot<Codes>;
  readonly orders: Slot<Orders>;
  readonly em: Slot<EmCodes>;
  readonly instructions: Slot<Instructions>;

  /** `noteRevision` reads the revision of the note shown now (null without a note). */
  constructor(noteRevision: () => number | null) {
    this.codes = new Slot(noteRevision);
    this.orders = new Slot(noteRevision);
    this.em = new Slot(noteRevision);
    this.instructions = new Slot(noteRevision);
  }
  #specialties = $state.raw<{ specialties: string[]; available: boolean }>({
    specialties: [],
    available: false,
  });

  get specialties(): { specialties: string[]; available: boolean } {
    return this.#specialties;
  }

  /**
   * Opens Codes & more: the specialties, the note as main holds it now (never a previous visit's), then
   * the codes when there are none yet or they are out of date.
   */
  async open(note: Pick<NoteStore, 'refresh' | 'note'>): Promise<void> {
    void this.loadSpecialties();
    await note.refresh();
    if (note.note && this.codes.wanted) void this.loadCodes();
  }

  async loadSpecialties(): Promise<void> {
    const result = await settle(() => scribe().codesEmSpecialties());
    if (result.ok) this.#specialties = result.data;
  }

  loadCodes(): Promise<void> {
    return this.codes.load(() => scribe().codesNormalized());
  }
  loadOrders(): Promise<void> {
    return this.orders.load(() => scribe().ordersSuggest());
  }
  loadEm(specialty: string): Promise<void> {
    return this.em.load(() => scribe().codesEm({ specialty }));
  }
  /** E/M codes recomputed from the inputs the clinician set (checked first: em-inputs-rules.ts). */
  recomputeEm(inputs: EmInputs): Promise<void> {
    return this.em.load(() => scribe().codesEmCompute({ inputs }));
  }

  /** The last copy of codes or orders (what its status line says), or null. */
  get codesCopied(): { what: 'codes' | 'orders'; whole: boolean; result: CopyResult } | null {
    return this.#codesCopied;
  }
  #codesCopied = $state.raw<{ what: 'codes' | 'orders'; whole: boolean; result: CopyResult } | null>(null);

  /** Copies the codes or orders as shown, whole (null) or one item; main writes the text, never sent here. */
  async copyCodes(what: 'codes' | 'orders', index: number | null): Promise<void> {
    this.#codesCopied = null;
    const names = what === 'orders' && this.orders.value ? orderCopyNames(this.orders.value) : undefined;
    const result = await settle(() => scribe().copyCodes({ what, index, ...(names ? { names } : {}) }));
    if (result.ok) this.#codesCopied = { what, whole: index === null, result: result.data };
    else (what === 'codes' ? this.codes : this.orders).fail(result.error);
  }
  loadInstructions(locale: InstructionsLocale, recipient: 'PATIENT' | 'PARENT'): Promise<void> {
    this.#instructionsCopied = null;
    return this.instructions.load(() => scribe().instructionsGenerate({ locale, recipient }));
  }
  translate(fromLocale: InstructionsLocale, toLocale: InstructionsLocale): Promise<void> {
    this.#instructionsCopied = null;
    return this.instructions.load(() => scribe().instructionsTranslate({ fromLocale, toLocale }));
  }

  /** The last copy of the instructions (what the status line says), or null. */
  get instructionsCopied(): CopyResult | null {
    return this.#instructionsCopied;
  }
  #instructionsCopied = $state.raw<CopyResult | null>(null);

  /** Copies the instructions as shown; the text is written by the main process, never sent back here. */
  async copyInstructions(): Promise<void> {
    this.#instructionsCopied = null;
    const result = await settle(() => scribe().copyInstructions({}));
    if (result.ok) this.#instructionsCopied = result.data;
    else this.instructions.fail(result.error);
  }

  clear(): void {
    this.#instructionsCopied = null;
    this.#codesCopied = null;
    for (const slot of [this.codes, this.orders, this.em, this.instructions] as Slot<unknown>[]) slot.clear();
  }
}
