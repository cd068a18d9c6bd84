/**
 * The audio inputs of one visit: each source behind a pausable, metered tap and captured (AudioCapture)
 * from the moment the visit starts or, armed, from the consent tick with only the pre-roll kept until
 * start() (a device's start-up then never clips the first word); declared as the session's streams, with
 * what the person should know about them (a microphone replaced by the default, the patient's input lost,
 * no sound for long) kept as warnings for the visit state: facts the words module words (preload/words).
 */
import type { AudioSource } from '../../core/audio/audio-source.ts';
import { AudioCapture } from '../../core/audio/capture.ts';
import { deviceLabel, type InputWarning } from '../../../preload/contract/index.ts';
import { AudioTap, NO_SOUND, type MeterLevel } from '../../core/audio/audio-tap.ts';
import type { LiveStream } from './ports.ts';
import type { EmitEvent } from '../../core/ipc/event-emitter.ts';
import type { AudioInputs } from '../../core/audio/ports.ts';
import { Failure } from '../../base/failure.ts';
import type { StartVisit } from '../../../preload/contract/index.ts';

/** Where the audio comes from for one visit. */
export type VisitAudio =
  | { kind: 'devices'; clinician: AudioSource; patient: AudioSource | null }
  | { kind: 'sample'; recording: AudioSource };

type Input = InputWarning['stream'];

/**
 * The taps and captures of one visit; capture starts in the constructor (the devices open now). Armed,
 * the streams yield nothing until start(), and close() drops the pre-roll unsent.
 */
export class VisitInputs {
  readonly streams: readonly LiveStream[];
  readonly #taps: AudioTap[] = [];
  readonly #captures: AudioCapture[] = [];
  readonly #offs: Array<() => void> = [];
  readonly #dual: boolean;
  #warnings: InputWarning[] = [];

  constructor(
    audio: VisitAudio,
    onLevel: (input: Input, level: MeterLevel) => void,
    onWarnings: (warnings: readonly InputWarning[]) => void,
    options: { armed?: boolean } = {},
  ) {
    this.#dual = audio.kind === 'devices' && audio.patient !== null;
    const open = (input: Input, source: AudioSource): AsyncIterable<Int16Array> =>
      this.#open(input, source, (level) => onLevel(input, level), onWarnings, options.armed === true);
    if (audio.kind === 'sample') {
      this.streams = [{ id: 'room', speakerType: 'UNSPECIFIED', chunks: open('clinician', audio.recording) }];
    } else if (!audio.patient) {
      this.streams = [{ id: 'room', speakerType: 'UNSPECIFIED', chunks: open('clinician', audio.clinician) }];
    } else {
      this.streams = [
        { id: 'clinician', speakerType: 'DOCTOR', chunks: open('clinician', audio.clinician) },
        { id: 'patient', speakerType: 'PATIENT', chunks: open('patient', audio.patient) },
      ];
    }
  }

  /** Opens one input: its tap (meter, silence, device notices → warnings) and its capture. */
  #open(
    input: Input,
    source: AudioSource,
    onLevel: (level: MeterLevel) => void,
    onWarnings: (warnings: readonly InputWarning[]) => void,
    armed: boolean,
  ): AsyncIterable<Int16Array> {
    const warn = (code: InputWarning['code'], warning: InputWarning | null) => {
      this.#setWarning(input, code, warning);
      onWarnings(this.#warnings);
    };
    const dual = this.#dual;
    const seconds = NO_SOUND.minSilenceMs / 1000;
    const tap = new AudioTap(source, onLevel, (quiet) =>
      warn('no_sound', quiet ? { stream: input, code: 'no_sound', dual, seconds } : null),
    );
    this.#offs.push(
      tap.onDidNotice(({ code, reason, device }) => {
        if (code === 'input_restored') warn('input_lost', null);
        else warn(code, { stream: input, code, dual, reason, device: deviceLabel(device) });
      }),
    );
    const capture = new AudioCapture(tap);
    this.#taps.push(tap);
    this.#captures.push(capture);
    return capture.start({ preRoll: armed });
  }

  get warnings(): readonly InputWarning[] {
    return this.#warnings;
  }

  /** While paused the taps yield silence of the same length (nothing said is kept or sent). */
  setPaused(paused: boolean): void {
    for (const tap of this.#taps) tap.setPaused(paused);
  }

  /** The visit starts on armed inputs: their pre-roll is the first audio of each stream. */
  start(): void {
    for (const capture of this.#captures) capture.keepAll();
  }

  /** Every device still delivers (an armed one that failed is opened afresh at Start). */
  get running(): boolean {
    return this.#captures.every((c) => c.running);
  }

  /** Disarms: stops the devices and drops what they kept, unsent. */
  async close(): Promise<void> {
    await Promise.allSettled(this.#captures.map((c) => c.close()));
    for (const off of this.#offs.splice(0)) off();
  }

  /** Stops the devices; resolves once every chunk they produced is in the streams. */
  async stop(): Promise<void> {
    await Promise.allSettled(this.#captures.map((c) => c.stop()));
    for (const off of this.#offs.splice(0)) off();
  }

  #setWarning(stream: Input, code: InputWarning['code'], warning: InputWarning | null): void {
    const rest = this.#warnings.filter((w) => w.stream !== stream || w.code !== code);
    this.#warnings = warning === null ? rest : [...rest, warning];
  }
}

/** A visit's inputs, their levels pushed to the window (`visit:level`) and their warnings to `onWarnings`. */
export function openVisitInputs(
  audio: VisitAudio,
  emit: EmitEvent,
  onWarnings: (warnings: readonly InputWarning[]) => void,
  armed: boolean,
): VisitInputs {
  const onLevel = (stream: Input, l: MeterLevel) => emit('visit:level', { stream, rms: l.rms, peak: l.peak });
  return new VisitInputs(audio, onLevel, onWarnings, { armed });
}

/** Opens the inputs the person chose: the clinician's, and the patient's when there are two. */
export function openDevices(
  audio: AudioInputs,
  speakers: StartVisit['speakers'],
): VisitAudio & { kind: 'devices' } {
  if (speakers.mode === 'single')
    return { kind: 'devices', clinician: audio.open(speakers.deviceId), patient: null };
  if (speakers.clinicianDeviceId === speakers.patientDeviceId) {
    throw new Failure('invalid_request', { reason: 'same_inputs' });
  }
  return {
    kind: 'devices',
    // The default may stand in for the clinician's microphone, unless it is the patient's input: the
    // patient would be recorded as DOCTOR (the clinician's stream then carries silence, with a warning).
    clinician: audio.open(speakers.clinicianDeviceId, { avoid: speakers.patientDeviceId }),
    // Never the OS default in the patient's place: it is most likely the clinician's own microphone.
    patient: audio.open(speakers.patientDeviceId, { onLost: 'silence' }),
  };
}

/** What armed inputs were opened for: Start uses them only with the same choice of inputs. */
export function armKey(speakers: StartVisit['speakers']): string {
  return speakers.mode === 'single'
    ? JSON.stringify(['single', speakers.deviceId])
    : JSON.stringify(['dual', speakers.clinicianDeviceId, speakers.patientDeviceId]);
}
