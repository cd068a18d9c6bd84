/**
 * Settings: microphones (with a test meter), locales, note template and per-section customization, dot
 * phrases and dictation text replacements. Local choices live in the PreferenceStore (no patient data);
 * note settings and customization live on the service for a clinician sign-in; with server credentials
 * customization is kept in the CustomizationStore and sent with each note (the service keeps none).
 */
import {
  INPUT_LIMITS,
  SECTION_STYLES,
  type Customization,
  type DisplayLanguage,
  type Settings,
} from '../../../preload/contract/index.ts';
import { AudioTap } from '../../core/audio/audio-tap.ts';
import type { CoreAccess } from '../connection/ports.ts';
import type { AudioInputs } from '../../core/audio/ports.ts';
import type { CustomizationStore, PreferenceStore, SavedCustomization } from './ports.ts';
import { MemoryCustomizationStore } from './customization-store.ts';
import type { EmitEvent } from '../../core/ipc/event-emitter.ts';
import { Failure } from '../../base/failure.ts';
import type { AudioSource } from '../../core/audio/audio-source.ts';
import { checkLimit, checkSpeechLocales } from '../../core/api/limits.ts';
import { SPEECH_LOCALES } from '../../core/api/schemas/common.ts';

const MIC_TEST_MAX_MS = 30_000;

type SettingsPatch = {
  clinicianDeviceId?: string | null;
  patientDeviceId?: string | null;
  speechLocales?: string[];
  noteLocale?: string;
  noteTemplateKey?: string;
  displayLanguage?: DisplayLanguage | null;
};

/** Settings screen operations. */
export class SettingsService {
  readonly #core: CoreAccess;
  readonly #audio: AudioInputs;
  readonly #preferences: PreferenceStore;
  readonly #emit: EmitEvent;
  readonly #customizations: CustomizationStore;
  #micTest: { source: AudioSource; timer: ReturnType<typeof setTimeout> } | null = null;

  constructor(
    core: CoreAccess,
    audio: AudioInputs,
    preferences: PreferenceStore,
    emit: EmitEvent,
    customizations: CustomizationStore = new MemoryCustomizationStore(),
  ) {
    this.#customizations = customizations;
    this.#core = core;
    this.#audio = audio;
    this.#preferences = preferences;
    this.#emit = emit;
  }

  async get(): Promise<Settings> {
    const prefs = this.#preferences.get();
    const devices = await this.#audio.list().catch(() => []);
    const core = this.#core.current();
    const note = core && core.caller === 'user' ? await core.noteSettings().catch(() => null) : null;
    return {
      devices,
      clinicianDeviceId: prefs.clinicianDeviceId,
      patientDeviceId: prefs.patientDeviceId,
      speechLocales: prefs.speechLocales,
      noteLocale: note?.note_locale ?? null,
      noteTemplateKey: note?.note_template_key ?? null,
      displayLanguage: prefs.displayLanguage,
      ...(prefs.notice ? { notice: prefs.notice } : {}),
    };
  }

  async update(patch: SettingsPatch): Promise<Settings> {
    const { noteLocale, noteTemplateKey, ...local } = patch;
    if (local.speechLocales !== undefined) {
      // The same rules as starting a visit: known locales, 1-2 distinct, HAITIAN_HT alone.
      if (local.speechLocales.some((l) => !(SPEECH_LOCALES as readonly string[]).includes(l)))
        throw new Failure('invalid_request');
      checkSpeechLocales(local.speechLocales);
    }
    this.#preferences.update(local);
    if (noteLocale !== undefined || noteTemplateKey !== undefined) {
      const core = this.#core.require();
      if (core.caller !== 'user')
        throw new Failure('permission_denied', { reason: 'note_settings_need_clinician' });
      await core.updateNoteSettings({
        ...(noteLocale !== undefined ? { note_locale: noteLocale } : {}),
        ...(noteTemplateKey !== undefined ? { note_template_key: noteTemplateKey } : {}),
      });
    }
    return this.get();
  }

  /** Starts or stops the microphone test meter (levels arrive as `visit:level` with stream `test`). */
  async micTest(deviceId: string, on: boolean): Promise<void> {
    await this.#stopMicTest();
    if (!on) return;
    const source = this.#audio.open(deviceId);
    const tap = new AudioTap(source, (level) => this.#emit('visit:level', { stream: 'test', ...level }));
    const timer = setTimeout(() => void this.#stopMicTest(), MIC_TEST_MAX_MS);
    this.#micTest = { source, timer };
    void (async () => {
      try {
        for await (const _ of tap.frames()) {
          // Frames are only metered, never kept or sent.
        }
      } catch {
        this.#emit('visit:level', { stream: 'test', rms: 0, peak: 0 });
      }
    })();
  }

  async customization(templateKey: string): Promise<Customization> {
    const core = this.#core.require();
    const answer = await core.customization(templateKey);
    const shown: Customization = {
      templateKey,
      templateInstruction: answer.note_template_custom_instructions ?? '',
      sections: answer.sections.map((s) => ({
        key: s.section_key,
        style: (SECTION_STYLES as readonly string[]).includes(s.style ?? '')
          ? (s.style as Customization['sections'][number]['style'])
          : 'AUTO',
        instruction: s.custom_instruction ?? '',
      })),
    };
    return core.caller === 'server' ? withSaved(shown, await this.#customizations.get(templateKey)) : shown;
  }

  async saveCustomization(customization: Customization): Promise<Customization> {
    checkLimit(
      customization.templateInstruction,
      INPUT_LIMITS.customInstructionChars,
      'template_instruction',
    );
    for (const section of customization.sections) {
      checkLimit(section.instruction, INPUT_LIMITS.customInstructionChars, 'section_instruction');
    }
    const core = this.#core.require();
    if (core.caller === 'server') {
      await this.#customizations.save(customization);
      return this.customization(customization.templateKey);
    }
    await core.updateCustomization(customization.templateKey, {
      note_template_custom_instructions: customization.templateInstruction || null,
      sections: customization.sections.map((s) => ({
        section_key: s.key,
        style: s.style,
        custom_instruction: s.instruction,
      })),
    });
    return this.customization(customization.templateKey);
  }

  async #stopMicTest(): Promise<void> {
    const test = this.#micTest;
    this.#micTest = null;
    if (!test) return;
    clearTimeout(test.timer);
    await test.source.stop().catch(() => undefined);
  }
}

/** The template's sections with what the clinician saved for each (server credentials: kept locally). */
function withSaved(shown: Customization, saved: SavedCustomization | undefined): Customization {
  if (!saved) return shown;
  const own = new Map(saved.sections.map((s) => [s.key, s]));
  const keys = new Set(shown.sections.map((s) => s.key));
  return {
    ...shown,
    templateInstruction: saved.templateInstruction,
    sections: [
      ...shown.sections.map((s) => ({ ...s, ...pick(own.get(s.key)) })),
      ...saved.sections
        .filter((s) => !keys.has(s.key))
        .map((s) => ({ key: s.key, style: s.style, instruction: s.instruction })),
    ],
  };
}

function pick(section: SavedCustomization['sections'][number] | undefined) {
  return section ? { style: section.style, instruction: section.instruction } : {};
}
