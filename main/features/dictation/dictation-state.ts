/** Everything the Dictation screen shows, read from the dictation service's parts (dictation-service.ts). */
import { DICTATION_LOCALES } from '../../core/api/schemas/common.ts';
import type { DictationStateDto } from '../../../preload/contract/dto-dictation.ts';
import type { DictationController } from './dictation-controller.ts';
import type { RecoverableDictation } from './dictation-recovery.ts';
import type { AttachedMic, DictationServiceOptions } from './dictation-service-options.ts';
import type { HotkeyDriver } from './hotkey-driver.ts';

/** The parts the state is read from. */
export interface StateParts {
  readonly options: DictationServiceOptions;
  readonly controller: DictationController;
  readonly driver: HotkeyDriver;
  readonly box: DictationStateDto['box'];
  readonly recoverable: readonly RecoverableDictation[];
  readonly mic: AttachedMic | null;
  readonly textDraft: string | null;
}

/** The state as it is now (copies: the window's view never shares our objects). */
export function dictationState(parts: StateParts): DictationStateDto {
  const { options, controller, driver } = parts;
  return {
    active: controller.active,
    undoable: controller.undoable,
    box: { ...parts.box },
    settings: options.settings.get(),
    locked: options.settings.locked(),
    hotkeys: {
      ...driver.status,
      alternatives: [...driver.status.alternatives],
      pressUnavailable: [...(driver.status.pressUnavailable ?? [])],
    },
    accessibility: options.accessibility(),
    secureInput: options.secureInput.isEnabled(),
    history: options.history.list().map(({ journalId, ...e }) => ({
      ...e,
      // Its audio can be sent again while its journal is still offered (not recovered or discarded since).
      resendable: journalId !== undefined && parts.recoverable.some((r) => r.id === journalId),
    })),
    recoverable: parts.recoverable.map((r) => ({ ...r })),
    locales: [...DICTATION_LOCALES],
    mic: parts.mic?.status() ?? { kind: 'unavailable', models: [] },
    ...(options.boxOnly ? { boxOnly: true } : {}),
    ...(parts.textDraft !== null ? { textDraft: parts.textDraft } : {}),
  };
}

/** "Make that a Text" kept some words (the box asks their name); null: saved or dropped from the box. */
export class TextDraft {
  #content: string | null = null;
  constructor(private readonly changed: () => void) {}

  get content(): string | null {
    return this.#content;
  }

  set(content: string | null): void {
    this.#content = content;
    this.changed();
  }
}
