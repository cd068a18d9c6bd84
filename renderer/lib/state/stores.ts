/** The renderer's stores, built once by the app frame, and how they depend on each other. */
import { AppState } from './app.svelte.ts';
import { CodesStore } from './codes.svelte.ts';
import { DictationStore } from './dictation.svelte.ts';
import { NoteStore } from './note.svelte.ts';
import { PolicyStore } from './policy.svelte.ts';
import { SettingsStore } from './settings.svelte.ts';
import { VisitStore } from './visit.svelte.ts';
import type { LocaleState } from './locale.svelte.ts';

/** Every store the screens share. */
export interface Stores {
  readonly app: AppState;
  readonly note: NoteStore;
  readonly codes: CodesStore;
  readonly visit: VisitStore;
  readonly settings: SettingsStore;
  readonly dictation: DictationStore;
  readonly policy: PolicyStore;
  readonly locale: LocaleState;
}

/**
 * Builds the stores around the window's language (loaded before the app mounts): codes follow the note's
 * revision; a new visit clears the last one's note and codes.
 */
export function createStores(locale: LocaleState): Stores {
  const note = new NoteStore();
  const codes = new CodesStore(() => note.note?.revision ?? null);
  // A new, discarded or recovered visit: the last visit's note and codes must not be shown for it.
  const visit = new VisitStore(() => {
    note.clear();
    codes.clear();
  });
  return {
    app: new AppState(),
    note,
    codes,
    visit,
    settings: new SettingsStore(),
    dictation: new DictationStore(),
    policy: new PolicyStore(),
    locale,
  };
}
