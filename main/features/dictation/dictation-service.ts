/**
 * Dictation anywhere as one capability: the hotkeys (driver + state machine) drive the controller; the box
 * and history keep every text; Settings changes the hotkeys live; the IPC slice, tray and overlay use it.
 */
import type { CommandSettings } from './dictation-stream.ts';
import {
  HOTKEY_SETTINGS,
  type DictationFlag,
  type DictationMessage,
  type DictationStateDto,
  type HotkeySetting,
} from '../../../preload/contract/index.ts';
import { DictationController, type DictationOutcome } from './dictation-controller.ts';
import type { DictationHistory } from './dictation-history.ts';
import type { RecoverableDictation } from './dictation-recovery.ts';
import { DictationSettingError, type DictationSettings, type KeyCheck } from './dictation-settings.ts';
import { HotkeyDriver } from './hotkey-driver.ts';
import { FieldKeys, hotkeyActions } from './dictation-hotkeys.ts';
import { dictationState, TextDraft } from './dictation-state.ts';
import type { DictationEvent, FieldNavigator } from './ports.ts';
import { Emitter } from '../../base/async/emitter.ts';
import { FlagLedger, type FlagAction } from './flag-ledger.ts';
import { OverlayFlag } from './overlay-flag.ts';
import { recoveredBox } from './recovered-box.ts';
import { copiedOutcome } from './insertion/copied-expiry.ts';
import { afterClear, finishedEvents, noteOf, whereOf } from './outcome-notes.ts';
import type { AttachedMic, DictationServiceOptions } from './dictation-service-options.ts';
export type { DictationClipboard, DictationServiceOptions } from './dictation-service-options.ts';

/** The dictation capability. */
export class DictationService {
  readonly #o: DictationServiceOptions;
  readonly controller: DictationController;
  readonly driver: HotkeyDriver;
  readonly fieldKeys: FieldKeys; // next / previous field, accept defaults: keys and microphone buttons
  #box: DictationStateDto['box'] = { text: '', note: null };
  #recoverable: RecoverableDictation[] = [];
  readonly #reported = new Emitter<DictationEvent>();
  readonly #ledger: FlagLedger; // earlier dictations for the checks; what the audit trail hears of flags
  /** "Next field" / "previous field" (voice commands, hotkeys and dictation microphones call this). */
  readonly fields: FieldNavigator;
  #mic: AttachedMic | null = null;
  readonly textDraft = new TextDraft(() => this.#push()); // "make that a Text" (patient text: never logged)
  readonly overlayFlag: OverlayFlag; // the flag the overlay shows: its keep and fix keys work meanwhile

  constructor(options: DictationServiceOptions) {
    this.#o = options;
    this.#ledger = new FlagLedger((event) => this.#reported.emit(event), options.encounter);
    this.fields = options.fields ?? { move: async () => ({ kind: 'unreadable' }) };
    this.overlayFlag = new OverlayFlag(options.overlay, (shown) => this.driver.setFlagShown(shown));
    this.controller = new DictationController({
      ...options,
      overlay: this.overlayFlag.port,
      // "Next field" / "previous field" said while dictating move through the focused field's blanks.
      navigator: this.fields,
      commands: () => this.#commands(),
      checks: (target) => this.#ledger.settings(target?.appName ?? null, options.checkKinds?.()),
      sink: {
        live: (text, flags = [], selection) => {
          this.#ledger.leave();
          const selected = selection ? { selection: { ...selection } } : {};
          this.#box = { text, note: null, flags: [...flags], ...selected };
          this.#push();
        },
        finished: (text, outcome, flags = [], journalId) =>
          void this.#finished(text, outcome, flags, journalId),
        undone: (text, removed, appName) => this.#undone(text, removed, appName),
        notice: (message) => this.#notice(message),
        flagsShown: (flags, where) => this.#ledger.shown(flags, where),
      },
      makeText: (content) => this.textDraft.set(content),
      onActiveChange: (active) => this.#activeChanged(active),
    });
    this.fieldKeys = new FieldKeys(this.controller, options);
    this.driver = new HotkeyDriver({
      hook: options.hook,
      shortcuts: options.shortcuts,
      platform: options.platform,
      onAction: hotkeyActions(this, options.onError),
      ...(options.onError ? { onError: options.onError } : {}),
    });
  }

  /** A dictation microphone's buttons drive this service; its LED follows it (compose-dictation.ts). */
  attachMic(mic: AttachedMic): void {
    this.#mic = mic;
    this.#push();
  }

  /** Registers the hotkeys (again, after the settings or the Accessibility grant changed). */
  applyHotkeys(): void {
    this.driver.configure(this.#o.settings.choice());
    this.#push();
  }

  /** The screen asked for the state: Accessibility granted since the hook was refused (macOS)? start it. */
  recheckHook(): DictationStateDto {
    if (this.driver.status.hook === 'accessibility' && this.#o.accessibility() === 'granted')
      this.applyHotkeys();
    return this.state();
  }

  /** The button, the tray, `dictation:start`: false when the mic is taken; the state follows as a push. */
  async start(): Promise<boolean> {
    const started = await this.controller.start();
    if (started) this.driver.setActive(true);
    this.#push();
    return started;
  }

  async stop(): Promise<void> {
    await this.controller.stop();
    this.#push();
  }

  async cancel(): Promise<void> {
    await this.controller.cancel();
    this.#push();
  }

  /** Undo last dictation (hotkey, overlay button, tray, window): the overlay and the box say what happened. */
  async undo(): Promise<void> {
    await this.controller.undo();
    this.#push();
  }

  /** Tray: start when idle, stop when dictating. */
  async toggle(): Promise<void> {
    await (this.controller.active ? this.stop() : this.start());
  }

  updateSettings(patch: Partial<DictationSettings>): void {
    this.#o.settings.update(patch);
    if ('historyHours' in patch)
      void this.#o.history.retentionChanged().catch((error: unknown) => this.#o.onError?.(error as Error));
    if (['mode', ...HOTKEY_SETTINGS].some((k) => k in patch)) this.applyHotkeys();
    else this.#push();
  }

  /** The clinician keeps or fixes a flag (the overlay, the box): the running dictation's, else the box's. */
  resolveFlag(id: string, how: FlagAction): void {
    const live = how === 'edit' ? null : this.controller.resolveFlag(id, how);
    if (!live && how !== 'keep' && this.controller.active) return; // refused: a flag without a fix stays
    const flags = this.#ledger.resolve(id, how, live);
    if (!live) this.#box = { ...this.#box, flags: [...flags] };
    this.overlayFlag.resolved(id);
    this.#push();
  }

  /** The box's text (maybe edited) into the application focused now. */
  async insertText(text: string): Promise<void> {
    this.#ledger.leave();
    const outcome = await this.#o.inserter.insertAgain(text);
    this.#box = { text, note: noteOf(outcome) };
    this.#followClear(outcome);
    this.#push();
  }

  /** The box's (or a history entry's) text onto the clipboard, cleared at its time like a copy fallback's. */
  async copyText(text: string): Promise<void> {
    this.#ledger.leave();
    const { transient } = await this.#o.clipboard.writeText(text);
    const code = transient ? 'copied' : 'copied_may_be_kept';
    const outcome = copiedOutcome({ code }, this.#o.clearCopied?.(text) ?? null);
    this.#box = { text, note: noteOf(outcome) };
    this.#followClear(outcome);
    this.#push();
  }

  /** Checks a key captured in Settings before it is saved. */
  checkKey(which: HotkeySetting, key: string): KeyCheck {
    return this.#o.settings.checkKey(which, key);
  }

  /** The encrypted history the box and Settings list (built by compose-dictation.ts). */
  get history(): DictationHistory {
    return this.#o.history;
  }

  /** Refreshes the list of unfinished dictations (at start, after a failure) and pushes the state. */
  async refreshRecoverable(): Promise<void> {
    this.#recoverable = (await this.#o.recovery?.list().catch(() => [])) ?? [];
    this.#push();
  }

  /** Recovers an unfinished dictation into the box (and history): one offered to this clinician only. */
  async recover(id: string): Promise<void> {
    await this.refreshRecoverable();
    if (!this.#recoverable.some((r) => r.id === id)) throw new DictationSettingError('nothing_to_recover');
    this.#box = await recoveredBox(this.#o, id);
    return this.refreshRecoverable();
  }

  async forgetRecoverable(id: string): Promise<void> {
    await this.#o.recovery?.forget(id).catch(() => {
      throw new DictationSettingError('discard_failed');
    });
    return this.refreshRecoverable();
  }

  /** Another clinician (issue 32): the box and history go, from disk too; unfinished dictations stay theirs. */
  async forgetClinician(): Promise<void> {
    if (this.controller.active) await this.controller.cancel().catch(() => undefined);
    this.#box = { text: '', note: null };
    this.textDraft.set(null);
    await this.#o.history.clear().catch(() => undefined);
    await this.refreshRecoverable();
  }

  async deleteHistory(id: string): Promise<void> {
    await this.#o.history.remove(id);
    this.#push();
  }

  /** Everything the Dictation screen shows. */
  state(): DictationStateDto {
    const { controller, driver } = this;
    const parts = { options: this.#o, controller, driver, box: this.#box, recoverable: this.#recoverable };
    return dictationState({ ...parts, mic: this.#mic, textDraft: this.textDraft.content });
  }

  dispose(): void {
    this.driver.dispose();
    void this.#mic?.dispose();
  }

  async #finished(
    text: string,
    outcome: DictationOutcome,
    flags: readonly DictationFlag[],
    journalId?: string,
  ): Promise<void> {
    const where = whereOf(outcome);
    const open = this.#ledger.finished(where, text, flags);
    this.#box = { text, note: noteOf(outcome), ...(open.length > 0 ? { flags: [...open] } : {}) };
    this.#followClear(outcome);
    await this.#o.history
      .add(text, where, flags, journalId)
      .catch((error: unknown) => this.#o.onError?.(error as Error));
    const corrected = flags.some((f) => f.correction);
    for (const event of finishedEvents(outcome, where, corrected)) this.#reported.emit(event);
    if (outcome.kind === 'failed') await this.refreshRecoverable();
    else this.#push();
  }

  /** Copied text leaves the clipboard when the box's countdown ends (unless someone copied since). */
  #followClear(outcome: DictationOutcome): void {
    const shown = this.#box.note;
    void afterClear(outcome, shown).then(({ cleared, note }) => {
      if (cleared) this.controller.notice({ code: 'clipboard_cleared' });
      if (note && this.#box.note === shown) this.#box = { ...this.#box, note };
      if (note && this.#box.note === note) this.#push();
    });
  }

  /** Voice commands as the settings say at a dictation's start: on, the language, Texts, the blanks. */
  #commands(): CommandSettings {
    const { commands, locale, fieldMarkers } = this.#o.settings.get();
    return { enabled: commands, locale, texts: this.#o.texts?.() ?? [], markers: fieldMarkers };
  }

  #activeChanged(active: boolean): void {
    if (!active) this.driver.setActive(false);
    this.#push();
  }

  /** Undo last dictation (`controller.undo()`) took it out, or not: either way the box keeps the text. */
  #undone(text: string, removed: boolean, appName: string): void {
    this.#box = { text, note: { code: removed ? 'undone' : 'undo_in_box', app: appName } };
    this.#reported.emit({ kind: 'dictation_undone', into: appName, removed });
    this.#push();
  }

  /** What a voice command did, in the box: until the next words (a live text clears it) or the end. */
  #notice(message: DictationMessage): void {
    this.#box = { ...this.#box, note: message };
    this.#push();
  }

  /** Told each insertion into another application; returns its remover. */
  onDidReport(listener: (event: DictationEvent) => void): () => void {
    return this.#reported.on(listener);
  }

  /** Pushes the state as it is now (after a refused command, so the window never keeps a stale view). */
  publish(): void {
    this.#push();
  }

  #push(): void {
    this.#mic?.setRecording(this.controller.active);
    this.#o.onState?.(this.state());
  }
}
