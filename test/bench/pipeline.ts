/**
 * Pipeline throughput on one core: recorder-sized frames (512 samples, as the microphone source delivers
 * them) → the real Chunker → the real AUDIO_CHUNK builder that SocketRun sends (frames.ts audioChunkFrame,
 * base64 inside) → JSON.stringify, which is what ws-transport's send() does to every frame. Synchronous on
 * the main thread, so it measures exactly one core.
 */
import { Chunker } from '../../main/core/audio/chunker.ts';
import { SAMPLE_RATE } from '../../main/core/audio/audio-source.ts';
import { audioChunkFrame } from '../../main/core/streaming/frames.ts';
import { decodeWav16 } from '../../main/programs/local-service/ws/index.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_DIR, STREAM_ID } from './harness.ts';
import { fmt, type BenchRow } from './report.ts';

const FRAME_SAMPLES = 512;
const TARGET = 500;

/** Runs the pipeline over `audioSeconds` of looped fixture speech, best of `rounds`. */
export function benchPipeline(audioSeconds = 600, rounds = 5): BenchRow[] {
  const speech = decodeWav16(readFileSync(join(FIXTURE_DIR, 'visit.wav')));
  // Frames are cut up front: the recorder hands them over ready, so cutting is not part of the pipeline.
  const frames: Int16Array[] = [];
  for (let at = 0; at + FRAME_SAMPLES <= speech.length; at += FRAME_SAMPLES)
    frames.push(speech.slice(at, at + FRAME_SAMPLES));
  const totalFrames = Math.ceil((audioSeconds * SAMPLE_RATE) / FRAME_SAMPLES);

  const once = (): { seconds: number; bytes: number } => {
    const chunker = new Chunker();
    let seq = 0;
    let bytes = 0;
    const started = process.hrtime.bigint();
    for (let i = 0; i < totalFrames; i++) {
      for (const chunk of chunker.push(frames[i % frames.length]!)) {
        bytes += JSON.stringify(audioChunkFrame(seq++, chunk, STREAM_ID)).length;
      }
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { seconds, bytes };
  };

  once(); // warm-up: lets the JIT settle before anything is timed
  const runs = Array.from({ length: rounds }, once);
  const speeds = runs.map((r) => audioSeconds / r.seconds).sort((a, b) => a - b);
  const median = speeds[Math.floor(speeds.length / 2)]!;
  const perChunkUs = (1e6 * audioSeconds) / median / (audioSeconds * 10);
  return [
    {
      name: 'pipeline frames→chunk→base64→JSON',
      figure: `${fmt(median, 0)}× real time`,
      target: `≥ ${TARGET}×`,
      pass: median >= TARGET,
      note:
        `median of ${rounds} runs over ${audioSeconds} s of audio in ${FRAME_SAMPLES}-sample frames ` +
        `(${fmt(perChunkUs, 1)} µs per 100 ms chunk; min ${fmt(speeds[0]!, 0)}×, max ${fmt(speeds.at(-1)!, 0)}×; ` +
        `${Math.round(runs[0]!.bytes / (audioSeconds * 10))} JSON bytes per chunk)`,
    },
  ];
}
