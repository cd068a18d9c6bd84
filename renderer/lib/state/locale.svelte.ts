/**
 * The window's language: the Settings choice or IT's policy (main resolves both into `displayLanguage`),
 * else the system's (`navigator.languages`). Choosing one loads its words (each language is its own chunk),
 * words every sentence from preload/words in it, sets `<html lang>` (screen readers, hyphenation,
 * spell-check) and remounts the screens (App's `{#key}`).
 */
import {
  chooseLocale,
  loadLocale,
  PSEUDO_LOCALE,
  speak,
  wantsPseudoLocale,
  type Locale,
} from '../../../preload/words/window.ts';
import type { DisplayLanguage } from '../../../preload/contract/enums.ts';
import { scribe, settle } from '../api.ts';

/** The locale the window speaks. */
export class LocaleState {
  #locale = $state<Locale | typeof PSEUDO_LOCALE>('en');
  /** How many languages were asked for: only the last one asked is spoken, whichever loads first. */
  #asked = 0;

  /** The locale shown (PSEUDO_LOCALE: the development one, made from English). */
  get locale(): Locale | typeof PSEUDO_LOCALE {
    return this.#locale;
  }

  /** Reads the language main resolved (setting or policy); a failure keeps the system's. */
  async load(): Promise<void> {
    const result = await settle(() => scribe().settingsGet());
    await this.apply(result.ok ? result.data.displayLanguage : null);
  }

  /** Speaks `setting`, or the system's language when it is null, once its words are loaded. */
  async apply(setting: DisplayLanguage | null): Promise<void> {
    const system = globalThis.navigator?.languages ?? [];
    const locale = chooseLocale(setting, system);
    // The development pseudo-locale (Chromium --lang=en-XA) words English accented and longer.
    const shown = !setting && wantsPseudoLocale(system) ? PSEUDO_LOCALE : locale;
    const asked = ++this.#asked;
    const words = await loadLocale(shown);
    if (asked !== this.#asked) return;
    speak(words);
    if (globalThis.document) document.documentElement.lang = shown;
    this.#locale = shown;
  }
}
