/**
 * Recording a visit: the visit service the `visit:*` handlers call (options, arming, start … end, discard,
 * recovery of interrupted visits), over the ports. The connection it records with and the note written
 * from it are other capabilities; main/compose/composition-root.ts wires them together.
 */
import type {
  ArmVisit,
  StartVisit,
  TranscriptItem,
  VisitOptions,
  VisitState,
} from '../../../preload/contract/index.ts';
import { checkSpeechLocales } from '../../core/api/limits.ts';
import { SPEECH_LOCALES } from '../../core/api/schemas/common.ts';
import type { CurrentConnection } from '../connection/ports.ts';
import type { AudioInputs, MicrophoneAccess } from '../../core/audio/ports.ts';
import type { PreferenceStore } from '../settings/ports.ts';
import type { LiveItem, RecoverableVisit, VisitEndHow, VisitEvent, VisitJournals } from './ports.ts';
import type { TranscriptStore } from './transcript-store.ts';
import { VisitRecorder } from './visit-recorder.ts';
import { armKey, openDevices, type VisitAudio } from './visit-inputs.ts';
import { journaledVisitItems } from './live-transcriber.ts';
import { recoveredSaid } from './visit-said.ts';
import type { SaidSource } from '../../core/streaming/transcriber-port.ts';
import type { EmitEvent } from '../../core/ipc/event-emitter.ts';
import { Failure } from '../../base/failure.ts';
import { Emitter } from '../../base/async/emitter.ts';

/** A visit that ended in an earlier run, as it is offered. */
const ENDED = { stale: false, ended: true } as const;

/** Everything the visit service needs from outside. */
export interface VisitServiceDeps {
  readonly connections: CurrentConnection;
  readonly audio: AudioInputs;
  readonly preferences: PreferenceStore;
  readonly emit: EmitEvent;
  /** The OS microphone permission; none where the OS has no such setting (Linux, tests). */
  readonly microphoneAccess?: MicrophoneAccess;
  /** The journal folder, for visits a crash left unfinished; none where nothing is journaled. */
  readonly journals?: VisitJournals;
  /** The visit on screen is being replaced (a new start, a discard, a recovery): what was derived from it goes. */
  readonly onWillReplaceVisit?: () => void;
  /** True while a dictation has the microphone: one microphone user at a time. */
  readonly microphoneBusy?: () => boolean;
}

/** One app-wide visit service (one visit at a time). */
export class VisitService {
  readonly #connections: CurrentConnection;
  readonly #recorder: VisitRecorder;
  readonly #deps: VisitServiceDeps;
  readonly #reported = new Emitter<VisitEvent>();
  #armGeneration = 0;
  /** When the visit on screen was recorded (a recovered one: when it was first started), null without one. */
  #startedAt: number | null = null;

  constructor(deps: VisitServiceDeps) {
    this.#deps = deps;
    this.#connections = deps.connections;
    this.#recorder = new VisitRecorder(deps.emit);
    this.#recorder.onDidEndItself(() => this.#reported.emit({ kind: 'visit_ended', how: 'audio_end' }));
  }

  /** Told what happened to the visit after each change, whatever started it; returns its remover. */
  onDidReport(listener: (event: VisitEvent) => void): () => void {
    return this.#reported.on(listener);
  }

  /** The visit's state now (what `visit:state` pushes). */
  get state(): VisitState {
    return this.#recorder.state;
  }

  /** A visit is being recorded (starting … ending): the connection and the microphone are taken. */
  get active(): boolean {
    return this.#recorder.active;
  }

  /** Recording, or inputs armed after the consent tick: the visit has the microphone. */
  get usesMicrophone(): boolean {
    return this.#recorder.active || this.#recorder.state.armed === true;
  }

  /** The transcript so far, as the Visit screen shows it. */
  transcript(): TranscriptItem[] {
    return this.#recorder.transcript.all();
  }

  /** When the visit on screen was recorded (ms since the epoch): the note's encounter date comes from it. */
  startedAt(): number | null {
    return this.#startedAt;
  }

  /** The final transcript items, as a note is generated from them. */
  finalTranscript(): ReturnType<TranscriptStore['finalInputs']> {
    return this.#recorder.transcript.finalInputs();
  }

  /** What the visit on screen said (its locales, its kept audio), for the note's evidence. */
  said(): VisitRecorder['said'] {
    return this.#recorder.said;
  }

  async options(): Promise<VisitOptions> {
    const devices = await this.#deps.audio.list().catch(() => []);
    const preferred = this.#deps.preferences.get();
    return { devices, speechLocales: [...SPEECH_LOCALES], preferred };
  }

  /** Starts a visit: the sample recording in sample mode (never a microphone), the chosen devices otherwise. */
  async start(request: StartVisit): Promise<void> {
    checkSpeechLocales(request.locales);
    if (request.locales.some((locale) => !(SPEECH_LOCALES as readonly string[]).includes(locale)))
      throw new Failure('invalid_request');
    if (this.#recorder.active) throw new Failure('visit_in_progress');
    const connection = this.#connections.require();
    if (this.#connections.mode !== 'sample') this.#refuseWhileDictating();
    if (this.#connections.mode !== 'sample') await this.#checkInputs(request.speakers);
    // The armed inputs if they are the chosen ones (their pre-roll is the visit's first second); checked
    // and handed over with no await between, so a disarm cannot close them in between.
    const armed = this.#connections.mode !== 'sample' && this.#recorder.armedFor(armKey(request.speakers));
    const audio = armed ? 'armed' : this.#audioFor(request);
    this.#deps.onWillReplaceVisit?.();
    this.#startedAt = Date.now();
    await this.#recorder.start(request, audio, connection.transcriber);
    const streams = request.speakers.mode === 'dual' ? 2 : 1;
    this.#reported.emit({ kind: 'visit_started', sample: this.state.sample, streams });
    if (this.#connections.mode !== 'sample') await this.#supersedeEnded();
  }

  /** A new visit supersedes ended visits of earlier runs still offered (shredded); interrupted ones stay. */
  async #supersedeEnded(): Promise<void> {
    const journals = this.#deps.journals;
    if (!journals) return;
    const ended = await journals.listEnded().catch(() => []);
    for (const { id } of ended) {
      if ((await journals.inUse(id)) || !(await journals.claim(id))) continue;
      await journals.shred(id).catch(() => undefined);
    }
  }

  /**
   * Opens the chosen inputs before Start once the patient agreed, keeping only their last second (the
   * pre-roll) so a device's start-up does not clip the first word; the Visit screen shows their level as a
   * microphone check. Never for the sample visit, which never opens a microphone.
   */
  async arm(request: ArmVisit): Promise<void> {
    if (this.#recorder.active) throw new Failure('visit_in_progress');
    if (this.#connections.mode === 'sample')
      throw new Failure('invalid_request', { reason: 'sample_never_opens_mic' });
    if (this.#connections.mode !== 'organization') throw new Failure('not_connected');
    this.#refuseWhileDictating();
    const generation = ++this.#armGeneration;
    await this.#checkInputs(request.speakers);
    // A disarm (or a newer arm) while the permission was asked wins: never open after an untick.
    if (generation === this.#armGeneration && !this.#recorder.active)
      await this.#recorder.arm(openDevices(this.#deps.audio, request.speakers), armKey(request.speakers));
    this.#reported.emit({ kind: 'consent_acknowledged' });
  }

  #refuseWhileDictating(): void {
    if (this.#deps.microphoneBusy?.()) throw new Failure('mic_unavailable', { reason: 'dictation_active' });
  }

  /** Closes armed inputs and drops their pre-roll (consent unticked, screen left, window hidden). */
  disarm(): Promise<void> {
    this.#armGeneration++;
    return this.#recorder.disarm();
  }

  /** The OS permission, and the patient's input present when there are two (asked before opening any). */
  async #checkInputs(speakers: StartVisit['speakers']): Promise<void> {
    // A denied permission yields silence on macOS, not an error: ask first, and say so plainly.
    if (this.#deps.microphoneAccess && !(await this.#deps.microphoneAccess.request()))
      throw new Failure('mic_denied');
    if (speakers.mode === 'dual') {
      // The patient's input is never replaced by the default, so without it there is nothing to start.
      const devices = await this.#deps.audio.list();
      if (!devices.some((d) => d.id === speakers.patientDeviceId))
        throw new Failure('mic_unavailable', { reason: 'patient_input_missing' });
    }
  }

  async pause(): Promise<void> {
    await this.#recorder.pause();
    this.#reported.emit({ kind: 'visit_paused' });
  }

  async resume(): Promise<void> {
    await this.#recorder.resume();
    this.#reported.emit({ kind: 'visit_resumed' });
  }

  /** Ends the visit; `how` says what ended it (the window's End, the tray, quitting). */
  async end(how: Exclude<VisitEndHow, 'audio_end'>): Promise<void> {
    await this.#recorder.end();
    this.#reported.emit({ kind: 'visit_ended', how });
  }

  async discard(): Promise<void> {
    this.#deps.onWillReplaceVisit?.();
    this.#startedAt = null;
    await this.#recorder.discard();
    this.#reported.emit({ kind: 'visit_discarded' });
  }

  /**
   * Visits a crash or forced quit left unfinished (their audio is kept, encrypted, until dealt with), then
   * visits that ended in an earlier run and were neither followed by another nor discarded (a crash or a
   * quit after End must not lose the transcript the note is written from).
   */
  async recoverable(): Promise<RecoverableVisit[]> {
    const journals = this.#deps.journals;
    if (!journals) return [];
    const unfinished = (await journals.listRecoverable())
      .filter((j) => j.session === 'transcribe')
      .map((j) => ({ id: j.id, startedAt: j.createdAt, stale: j.stale, ended: false }));
    const ended = (await journals.listEnded()).map((j) => ({ ...ENDED, id: j.id, startedAt: j.createdAt }));
    return [...unfinished, ...ended];
  }

  /** Sends an unfinished visit's audio again and shows its transcript as ended (on failure, nothing shredded). */
  async recover(id: string): Promise<void> {
    const journals = this.#deps.journals;
    if (!journals) throw new Failure('invalid_request');
    if (this.#recorder.active) throw new Failure('visit_in_progress');
    // Signed in to the organization first, for an ended visit too (whose transcript needs no service).
    if (this.#connections.mode !== 'organization') throw new Failure('not_connected');
    if (!(await this.recoverable()).some((v) => v.id === id)) throw new Failure('invalid_request');
    await refuseInUse(journals, id);
    const recovered = await this.#recoveredItems(journals, id).catch(async (error: unknown) => {
      await journals.unclaim(id); // not restored: offered again, and can be tried again
      throw error;
    });
    this.#deps.onWillReplaceVisit?.();
    const setAside = () => journals.unclaim(id);
    const { items, cut, said } = recovered;
    await this.#recorder.restore(items, () => journals.shred(id), { cut, setAside, said });
    this.#startedAt = recovered.startedAt;
    this.#reported.emit({ kind: 'journal_recovered', journal: id });
  }

  /** A kept visit's transcript: as it is when all its audio is covered (it ended), else sent again. */
  async #recoveredItems(
    journals: VisitJournals,
    id: string,
  ): Promise<{ items: LiveItem[]; cut: boolean; startedAt: number; said: SaidSource }> {
    let recovered;
    try {
      recovered = await journals.recover(id);
    } catch {
      throw new Failure('invalid_request', { reason: 'recovered_unreadable' });
    }
    const items =
      recovered.uncovered.length === 0
        ? journaledVisitItems(recovered)
        : await this.#connections.require().transcriber.resend(recovered);
    const said = recoveredSaid(recovered); // its locales and its audio, for the note’s evidence
    return { items, cut: recovered.tailCut, startedAt: recovered.config.createdAt, said };
  }

  /** Another clinician (sign-out, sign-in: issue 32): the visit leaves the window, its journal stays theirs. */
  async setAside(): Promise<void> {
    if (this.#recorder.active) return; // a connection never changes during a visit
    this.#deps.onWillReplaceVisit?.();
    this.#startedAt = null;
    await this.#recorder.setAside();
  }

  /** Shreds an unfinished visit the clinician chose not to recover. */
  async forgetRecoverable(id: string): Promise<RecoverableVisit[]> {
    if (!(await this.recoverable()).some((v) => v.id === id)) throw new Failure('invalid_request');
    if (this.#deps.journals) await refuseInUse(this.#deps.journals, id);
    await this.#deps.journals?.shred(id);
    this.#reported.emit({ kind: 'journal_discarded', journal: id });
    return this.recoverable();
  }

  #audioFor(request: StartVisit): VisitAudio {
    if (this.#connections.mode === 'sample') {
      const kit = this.#connections.sampleKit;
      if (!kit) throw new Failure('sample_unavailable');
      return { kind: 'sample', recording: kit.openRecording() };
    }
    return openDevices(this.#deps.audio, request.speakers);
  }
}

/**
 * A journal another process is still writing (`scribe transcribe` beside the app) is a running session, not
 * an interrupted visit: sending it again would send its audio twice, shredding it would lose it.
 */
async function refuseInUse(journals: VisitJournals, id: string): Promise<void> {
  // Claimed, not only checked: an app and a `scribe recover` at the same moment never both send it.
  if ((await journals.inUse(id)) || !(await journals.claim(id)))
    throw new Failure('visit_in_progress', { reason: 'other_program' });
}
