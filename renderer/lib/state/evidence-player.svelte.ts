/**
 * Plays the audio of the lines shown for a selected sentence (`note:evidenceAudio`) through Web Audio: main
 * sends the samples (16-bit PCM), so nothing is fetched by URL and the window's CSP keeps `media-src 'none'`.
 * One clip at a time; stopped when the selection changes. Nothing is kept once it has played.
 */
import type { EvidenceAudio } from '../../../preload/contract/index.ts';
import { scribe, settle } from '../api.ts';

/** Where playback stands: `none` when the visit's audio is not kept. */
export type PlayState = 'idle' | 'loading' | 'playing' | 'ended' | 'none';

/** The Note screen's one player of evidence audio. */
export class EvidencePlayer {
  #state = $state<PlayState>('idle');
  #seconds = $state(0);
  #context: AudioContext | null = null;
  #source: AudioBufferSourceNode | null = null;
  /** Bumped by every play and stop: an answer for an earlier one is dropped. */
  #generation = 0;

  get state(): PlayState {
    return this.#state;
  }

  /** The length of the clip playing or played, in seconds. */
  get seconds(): number {
    return this.#seconds;
  }

  /** Plays the lines `items` of the note revision on screen (called from a click: audio may start). */
  async play(revision: number, items: readonly string[]): Promise<void> {
    this.stop();
    const generation = ++this.#generation;
    this.#state = 'loading';
    // Made on the click, before any await, so the browser lets it sound.
    const context = (this.#context ??= new AudioContext());
    void context.resume().catch(() => undefined);
    const answer = await settle(() => scribe().noteEvidenceAudio({ revision, items: [...items] }));
    if (generation !== this.#generation) return;
    if (!answer.ok) {
      this.#state = 'idle';
      return;
    }
    if (!answer.data.audio) {
      this.#state = 'none';
      return;
    }
    const source = context.createBufferSource();
    source.buffer = bufferOf(context, answer.data.audio);
    source.connect(context.destination);
    source.onended = () => {
      if (this.#source !== source) return;
      this.#source = null;
      this.#state = 'ended';
    };
    this.#source = source;
    this.#seconds = source.buffer.duration;
    this.#state = 'playing';
    source.start();
  }

  /** Stops what plays (or is being fetched). */
  stop(): void {
    this.#generation++;
    const source = this.#source;
    this.#source = null;
    source?.stop();
    if (this.#state === 'playing' || this.#state === 'loading') this.#state = 'idle';
  }
}

/** Base64 16-bit little-endian PCM as a one-channel AudioBuffer. */
function bufferOf(context: AudioContext, audio: NonNullable<EvidenceAudio['audio']>): AudioBuffer {
  const bytes = Uint8Array.from(atob(audio.pcm), (c) => c.charCodeAt(0));
  const samples = new DataView(bytes.buffer);
  const count = Math.max(1, bytes.length >> 1);
  const buffer = context.createBuffer(1, count, audio.sampleRate);
  const channel = buffer.getChannelData(0);
  for (let i = 0; i < bytes.length >> 1; i++) channel[i] = samples.getInt16(i * 2, true) / 32_768;
  return buffer;
}
