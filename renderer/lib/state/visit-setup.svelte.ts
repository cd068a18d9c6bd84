/**
 * The Visit screen's setup, as the person fills it in: consent, spoken languages, one or two microphones,
 * and what follows from them (may Start be pressed; should the inputs be armed for the pre-roll). Whether
 * they *are* armed, and why they closed, is main's to say (VisitStore.state); this only asks. One per
 * Visit screen: leaving the screen forgets the consent, as the reminder must be answered for each visit.
 */
import type { ArmVisit, SpeakerSetup, VisitOptions } from '../../../preload/contract/index.ts';
import { SYSTEM_DEFAULT_INPUT } from '../../../preload/contract/input-warnings.ts';
import { chosenMicrophone, inputOf } from './microphone-choices.ts';
import type { AppState } from './app.svelte.ts';
import type { VisitStore } from './visit.svelte.ts';

/** The setup for the next visit. */
export class VisitSetupModel {
  consent = $state(false);
  locales = $state<string[]>(['ENGLISH_US']);
  mode = $state<'single' | 'dual'>('single');
  /** The clinician's choice: an input, or the system default (follows the OS). */
  clinicianDevice = $state(SYSTEM_DEFAULT_INPUT);
  patientDevice = $state('');
  /** After a visit ends, a new one starts from the setup again, so the consent reminder is asked afresh. */
  preparing = $state(false);
  /** The window is shown (a hidden window — closed to the tray, minimised — closes the armed microphone). */
  visible = $state(true);
  readonly #appOf: () => AppState;
  readonly #visitOf: () => VisitStore;

  /** The app and the visit, read through getters so the screen's current props are always the ones used. */
  constructor(app: () => AppState, visit: () => VisitStore) {
    this.#appOf = app;
    this.#visitOf = visit;
  }

  get #app(): AppState {
    return this.#appOf();
  }
  get #visit(): VisitStore {
    return this.#visitOf();
  }

  /** The setup is shown (no visit under way, or a new one being prepared after the last ended). */
  readonly shown = $derived.by(
    () => !this.#visit.recording && (this.#visit.state.phase !== 'ended' || this.preparing),
  );

  /** The input the clinician's choice opens now ('' without any input). */
  readonly clinicianInput = $derived.by(() =>
    inputOf(this.clinicianDevice, this.#visit.options?.devices ?? []),
  );

  /** Two microphones need both chosen: the patient's stream is never filled in with the default input. */
  readonly inputsChosen = $derived.by(
    () =>
      this.clinicianInput !== '' &&
      (this.mode === 'single' || (this.patientDevice !== '' && this.patientDevice !== this.clinicianInput)),
  );

  /** The patient's input is still to be chosen (the screen says so beside Start). */
  readonly patientMissing = $derived.by(
    () => !this.#app.sample && this.mode === 'dual' && this.patientDevice === '',
  );

  readonly canStart = $derived.by(
    () =>
      this.#app.connected &&
      this.consent &&
      !this.#visit.recording &&
      !this.#visit.busy &&
      (this.#app.sample || this.inputsChosen),
  );

  /**
   * Ready to start with the patient's agreement: the chosen inputs should be open now (main keeps only their
   * last second) so that the first word after Start is not lost to the device starting up. Never for the
   * sample visit. Any change (consent unticked, other inputs, window hidden) asks main to disarm or re-arm.
   */
  readonly armable = $derived.by(
    () =>
      this.shown &&
      this.visible &&
      this.#app.connected &&
      !this.#app.sample &&
      this.consent &&
      this.inputsChosen &&
      !this.#visit.recording,
  );

  /** Main closed the armed inputs by itself (left without Start): the screen offers to turn them on again. */
  readonly armExpired = $derived.by(() => this.armable && this.#visit.state.armExpired === true);

  /** Main has the inputs open for the pre-roll: their levels are the microphone check. */
  readonly armedCheck = $derived.by(() => this.armable && this.#visit.state.armed === true);

  /** The inputs chosen, as main takes them (the sample visit names no device). */
  speakers(): SpeakerSetup {
    if (this.mode === 'single' || this.#app.sample)
      return { mode: 'single', deviceId: this.#app.sample ? 'sample' : this.clinicianDevice };
    // Two inputs are both named (the contract's rule): the system default as the input it is now.
    return { mode: 'dual', clinicianDeviceId: this.clinicianInput, patientDeviceId: this.patientDevice };
  }

  /** What to ask main for now: arm these inputs, or (null) close any armed ones. */
  armRequest(): ArmVisit | null {
    return this.armable ? { consentAcknowledged: true, speakers: this.speakers() } : null;
  }

  /** A new visit starts from the person's saved choices (Settings), read afresh each time the screen opens. */
  usePreferred(options: VisitOptions | null): void {
    if (!options) return;
    if (!this.#visit.recording) this.#applyPreferred(options);
  }

  #applyPreferred(options: VisitOptions): void {
    const present = (id: string | null) =>
      id !== null && options.devices.some((d) => d.id === id) ? id : null;
    this.locales = [...options.preferred.speechLocales];
    // The same choice as Settings shows: the saved input while connected, else the system default.
    this.clinicianDevice = chosenMicrophone(options.preferred.clinicianDeviceId, options.devices);
    const patient = present(options.preferred.patientDeviceId);
    if (patient && patient !== inputOf(this.clinicianDevice, options.devices)) {
      this.patientDevice = patient;
      this.mode = 'dual';
    }
  }

  /** Starts the visit with this setup; the setup closes once main accepted. */
  async start(): Promise<void> {
    const request = { consentAcknowledged: true as const, locales: this.locales, speakers: this.speakers() };
    if (await this.#visit.start(request)) this.preparing = false;
  }

  /** Sends an interrupted visit again; once main accepted, its transcript shows as an ended visit. */
  async recover(id: string): Promise<void> {
    if (await this.#visit.recover(id)) this.preparing = false;
  }

  /** Back to the setup after a visit ended, the consent reminder unticked. */
  newVisit(): void {
    this.consent = false;
    this.preparing = true;
  }
}
