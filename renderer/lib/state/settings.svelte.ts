/** Settings: microphones with a test meter, locales, note template, customization, dot phrases, replacements. */
import type {
  Customization,
  DotPhrase,
  IpcError,
  IpcResult,
  Replacement,
  Settings,
  Templates,
} from '../../../preload/contract/index.ts';
import { scribe, settle } from '../api.ts';
import { ui } from '../../../preload/words/window.ts';

/** State for the Settings screen. */
export class SettingsStore {
  #settings = $state.raw<Settings | null>(null);
  #customization = $state.raw<Customization | null>(null);
  #dotPhrases = $state.raw<DotPhrase[]>([]);
  #replacements = $state.raw<Replacement[]>([]);
  #error = $state.raw<IpcError | null>(null);
  #saved = $state<string | null>(null);
  #testing = $state<string | null>(null);
  #templates = $state.raw<Templates | null>(null);

  get settings(): Settings | null {
    return this.#settings;
  }
  get customization(): Customization | null {
    return this.#customization;
  }
  get dotPhrases(): DotPhrase[] {
    return this.#dotPhrases;
  }
  get replacements(): Replacement[] {
    return this.#replacements;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  /** What was last saved, for a polite confirmation. */
  get saved(): string | null {
    return this.#saved;
  }
  /** The note templates offered (empty until loaded). */
  get templates(): Templates['templates'] {
    return this.#templates?.templates ?? [];
  }
  /** The template to show first: the clinician's default, else the service's, else the first offered. */
  get preferredTemplateKey(): string {
    const templates = this.#templates;
    return this.#settings?.noteTemplateKey ?? templates?.defaultKey ?? templates?.templates[0]?.key ?? '';
  }
  /** Input under test (the system default is its own id, the empty one), null when none is. */
  get testing(): string | null {
    return this.#testing;
  }

  /** Loads the settings, and with a clinician sign-in their phrases and replacements too. */
  async load(options: { clinician: boolean }): Promise<void> {
    await this.#take(
      () => scribe().settingsGet(),
      (s) => (this.#settings = s),
    );
    if (!options.clinician) return;
    void this.#take(
      () => scribe().dotPhrasesList(),
      (r) => (this.#dotPhrases = r.items),
      true,
    );
    void this.#take(
      () => scribe().replacementsList(),
      (r) => (this.#replacements = r.items),
      true,
    );
  }

  update(
    patch: Partial<
      Pick<Settings, 'clinicianDeviceId' | 'patientDeviceId' | 'speechLocales' | 'displayLanguage'>
    > & {
      noteTemplateKey?: string;
    },
  ): Promise<boolean> {
    return this.#take(
      () => scribe().settingsUpdate(patch),
      (s) => (this.#settings = s),
      false,
      ui().settings.saved,
    );
  }

  async micTest(deviceId: string, on: boolean): Promise<void> {
    const result = await settle(() => scribe().settingsMicTest({ deviceId, on }));
    this.#testing = result.ok && on ? deviceId : null;
    if (!result.ok) this.#error = result.error;
  }

  /** Loads the note templates; a failure leaves the list empty (the picker is then disabled) and says why. */
  async loadTemplates(): Promise<boolean> {
    this.#templates = null; // never a previous connection's list while this one loads
    const result = await settle(() => scribe().noteTemplates());
    if (result.ok) this.#templates = result.data;
    else this.#error = result.error;
    return result.ok;
  }

  loadCustomization(templateKey: string): Promise<boolean> {
    return this.#take(
      () => scribe().settingsCustomization({ templateKey }),
      (c) => (this.#customization = c),
    );
  }

  /** Hides the template's sections again (nothing is sent; unsaved edits are dropped). */
  hideCustomization(): void {
    this.#customization = null;
  }

  saveCustomization(customization: Customization): Promise<boolean> {
    return this.#take(
      () => scribe().settingsSaveCustomization(customization),
      (c) => (this.#customization = c),
      false,
      ui().saved.instructions,
    );
  }

  createDotPhrases(items: Omit<DotPhrase, 'id'>[]): Promise<boolean> {
    return this.#take(
      () => scribe().dotPhrasesBulk({ op: 'create', items }),
      (r) => (this.#dotPhrases = r.items),
      false,
      ui().saved.phrases,
    );
  }

  updateDotPhrases(items: DotPhrase[]): Promise<boolean> {
    return this.#take(
      () => scribe().dotPhrasesBulk({ op: 'update', items }),
      (r) => (this.#dotPhrases = r.items),
      false,
      ui().saved.phrases,
    );
  }

  deleteDotPhrases(ids: string[]): Promise<boolean> {
    return this.#take(
      () => scribe().dotPhrasesBulk({ op: 'delete', ids }),
      (r) => (this.#dotPhrases = r.items),
      false,
      ui().saved.phrasesDeleted,
    );
  }

  saveReplacement(item: { id: string | null; spoken: string; written: string }): Promise<boolean> {
    return this.#take(
      () => scribe().replacementsSave(item),
      (r) => (this.#replacements = r.items),
      false,
      ui().saved.replacement,
    );
  }

  deleteReplacement(id: string): Promise<boolean> {
    return this.#take(
      () => scribe().replacementsDelete({ id }),
      (r) => (this.#replacements = r.items),
      false,
      ui().saved.replacementDeleted,
    );
  }

  async #take<T>(
    call: () => Promise<IpcResult<T>>,
    apply: (data: T) => void,
    quiet = false,
    saved?: string,
  ): Promise<boolean> {
    if (!quiet) this.#error = null;
    this.#saved = null;
    const result = await settle(call);
    if (!result.ok) {
      if (!quiet) this.#error = result.error;
      return false;
    }
    apply(result.data);
    if (saved) this.#saved = saved;
    return true;
  }
}
