/** The dot-phrase panel while it is open: the bulk text, the selection, the phrases being changed. */
import type { DotPhrase } from '../../../preload/contract/index.ts';
import type { SettingsStore } from './settings.svelte.ts';
import { batchRefusal, parsePhrases, type BatchKind, type TypedPhrase } from './phrases-rules.ts';

/** The panel's own state; made by the component, so it starts afresh each time Settings opens. */
export class PhrasesForm {
  /** Phrases to add, one per line. */
  bulk = $state('');
  /** Ids of the phrases ticked. */
  selected = $state<string[]>([]);
  /** Copies of the selected phrases being changed, or null. */
  editing = $state<DotPhrase[] | null>(null);
  #refusal = $state('');
  readonly #parsed = $derived(parsePhrases(this.bulk));
  readonly #settings: () => SettingsStore;

  /** `settings` reads the component's current store (a prop). */
  constructor(settings: () => SettingsStore) {
    this.#settings = settings;
  }

  get phrases(): TypedPhrase[] {
    return this.#parsed.phrases;
  }
  /** Lines that are not ".shortcut = text" would be dropped silently: how many. */
  get unread(): number {
    return this.#parsed.unread;
  }
  /** Why the last batch was refused before sending ('' when it was not). */
  get refusal(): string {
    return this.#refusal;
  }
  get allSelected(): boolean {
    const all = this.#settings().dotPhrases;
    return all.length > 0 && this.selected.length === all.length;
  }

  selectAll(on: boolean): void {
    this.selected = on ? this.#settings().dotPhrases.map((p) => p.id) : [];
  }

  async add(): Promise<void> {
    const phrases = this.phrases;
    if (this.#fits(phrases.length, 'add') && (await this.#settings().createDotPhrases(phrases)))
      this.bulk = '';
  }

  /** Starts changing the selected phrases (copies, so Cancel leaves them as they were). */
  edit(): void {
    if (!this.#fits(this.selected.length, 'selectedChange')) return;
    const ids = this.selected;
    this.editing = this.#settings()
      .dotPhrases.filter((p) => ids.includes(p.id))
      .map((p) => ({ ...p }));
  }

  async saveEdits(): Promise<void> {
    const editing = this.editing;
    if (!editing || !this.#fits(editing.length, 'change')) return;
    if (await this.#settings().updateDotPhrases(editing)) {
      this.editing = null;
      this.selected = [];
    }
  }

  cancelEdit(): void {
    this.editing = null;
  }

  async remove(): Promise<void> {
    const ids = this.selected;
    if (this.#fits(ids.length, 'selectedDelete') && (await this.#settings().deleteDotPhrases(ids)))
      this.selected = [];
  }

  /** Refuses a batch over the limit before anything is sent. */
  #fits(count: number, what: BatchKind): boolean {
    this.#refusal = batchRefusal(count, what);
    return this.#refusal === '';
  }
}
