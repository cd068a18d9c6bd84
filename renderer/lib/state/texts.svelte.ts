/** The Texts page: the library (the organization's marked), a search, and one Text being written. */
import type { TextImported, TextView } from '../../../preload/contract/index.ts';
import { scribe, settle } from '../api.ts';

/** What the page says went wrong: a name the organization has, or a save that failed. */
export type TextsProblem = 'organizationName' | 'saveFailed' | null;

/** Case and accents aside, as names are said. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export class TextsStore {
  #texts = $state.raw<readonly TextView[]>([]);
  query = $state('');
  /** The Text being written: `replacing` the clinician's Text of that name (null: a new one). */
  draft = $state<{ name: string; content: string; replacing: string | null } | null>(null);
  #problem = $state<TextsProblem>(null);
  /** The last import's report (what came along, what was left out and why); null before any. */
  #imported = $state.raw<TextImported | 'failed' | null>(null);

  get texts(): readonly TextView[] {
    return this.#texts;
  }
  get problem(): TextsProblem {
    return this.#problem;
  }
  get imported(): TextImported | 'failed' | null {
    return this.#imported;
  }

  /** The Texts whose name or content holds the search's words. */
  get shown(): readonly TextView[] {
    const q = fold(this.query.trim());
    if (q === '') return this.#texts;
    return this.#texts.filter((t) => fold(t.name).includes(q) || fold(t.content).includes(q));
  }

  async load(): Promise<void> {
    const result = await settle(() => scribe().textsList({}));
    if (result.ok) this.#texts = result.data.texts;
  }

  start(text?: TextView): void {
    this.#problem = null;
    this.draft = text
      ? { name: text.name, content: text.content, replacing: text.name }
      : { name: '', content: '', replacing: null };
  }

  cancel(): void {
    this.draft = null;
    this.#problem = null;
  }

  async save(): Promise<void> {
    const draft = this.draft;
    if (!draft) return;
    const taken = this.#texts.some(
      (t) => t.origin === 'organization' && fold(t.name) === fold(draft.name.trim()),
    );
    if (taken) return void (this.#problem = 'organizationName');
    const { name, content, replacing } = draft;
    const result = await settle(() =>
      scribe().textsSave({ name, content, ...(replacing !== null ? { replacing } : {}) }),
    );
    if (!result.ok) return void (this.#problem = 'saveFailed');
    this.#texts = result.data.texts;
    this.cancel();
  }

  /** A file the clinician picked, imported as `scribe texts import` does; its report kept for the page. */
  async importFile(file: { name: string; arrayBuffer(): Promise<ArrayBuffer> }): Promise<void> {
    const data = base64(new Uint8Array(await file.arrayBuffer()));
    const result = await settle(() => scribe().textsImport({ fileName: file.name, data }));
    this.#imported = result.ok ? result.data : 'failed';
    if (result.ok) this.#texts = result.data.texts;
  }

  async remove(name: string): Promise<void> {
    const result = await settle(() => scribe().textsDelete({ name }));
    if (result.ok) this.#texts = result.data.texts;
  }
}

/** Bytes as base64, in slices (a spread of a whole file would overflow the call stack). */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
