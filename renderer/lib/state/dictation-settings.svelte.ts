/** Settings → Dictation while it is open: choosing hotkeys (checked by main first) and per-app rules. */
import type { DictationStore } from './dictation.svelte.ts';
import {
  keyRefusal,
  withAppRule,
  withoutAppRule,
  type AppRule,
  type HotkeyName,
  type LineBreakChoice,
} from './dictation-words.ts';

/** The form's own state; made by the component, so it starts afresh each time Settings opens. */
export class DictationSettingsForm {
  #refusal = $state<string | null>(null);
  /** The application of the rule being added. */
  newApp = $state('');
  /** How the rule being added puts text in. */
  newRule = $state<AppRule['insert']>('type');
  /** What a line break is in it: as the field says by default (refused where it cannot be read). */
  newLineBreak = $state<LineBreakChoice>('field');
  readonly #storeOf: () => DictationStore;
  readonly #mac: boolean;

  /** `store` reads the component's current dictation store (a prop). */
  constructor(store: () => DictationStore, mac: boolean) {
    this.#storeOf = store;
    this.#mac = mac;
  }

  get #store(): DictationStore {
    return this.#storeOf();
  }

  /** Why the last captured key was refused ('' once one is accepted). */
  get refusal(): string | null {
    return this.#refusal;
  }

  /** A captured key: checked by main, saved only when free, otherwise refused with free keys to try. */
  async pickKey(which: HotkeyName, chord: string): Promise<void> {
    const check = await this.#store.checkKey(which, chord);
    if (!check) return;
    if (!check.ok || check.key === null) {
      this.#refusal = keyRefusal(check, this.#mac);
      return;
    }
    this.#refusal = null;
    await this.#store.update({ [which]: check.key });
  }

  /** Adds the rule being typed, then empties the application field. */
  addRule(): void {
    const state = this.#store.state;
    if (!state || this.newApp.trim() === '') return;
    const rules = withAppRule(state.settings.appRules, this.newApp, this.newRule, this.newLineBreak);
    void this.#store.update({ appRules: rules });
    this.newApp = '';
    this.newLineBreak = 'field';
  }

  removeRule(index: number): void {
    const state = this.#store.state;
    if (state) void this.#store.update({ appRules: withoutAppRule(state.settings.appRules, index) });
  }
}
