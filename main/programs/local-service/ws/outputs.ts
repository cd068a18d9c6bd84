/**
 * How recognised sentences become server frames: TRANSCRIPT_ITEMs (partial then final, upserted by id)
 * on /transcribe-ws, DICTATED_TEXT units and ASYNC_CORRECTIONs on /dictate-ws.
 */
import { randomUUID } from 'node:crypto';
import { DictationWriter, textBeforeCursor } from './dictation-text.ts';
import { SINCE, type DictateConfig, type TranscribeConfig } from './frames.ts';
import type { RecognizedSegment } from './recognizer.ts';

/** What an output needs to know about the stream a segment came from. */
export interface StreamInfo {
  readonly id: string;
  readonly speakerType: 'DOCTOR' | 'PATIENT' | 'UNSPECIFIED';
}

/** Turns segments into frames for one socket. */
export interface SessionOutput {
  emit(stream: StreamInfo, segments: readonly RecognizedSegment[]): void;
  /** Sends whatever is still pending (END): the close that follows means everything has arrived. */
  flush(): void;
}

interface OutputIo {
  send(frame: object): void;
  later(ms: number, fn: () => void): void;
}

/** The output matching a validated CONFIG. */
export function createOutput(
  config: TranscribeConfig | DictateConfig,
  version: string,
  io: OutputIo & { correctionDelayMs: () => number },
): SessionOutput {
  return 'streams' in config ? transcriptOutput(config, io) : dictationOutput(config, version, io);
}

const SAMPLES_PER_MS = 16;

function transcriptOutput(config: TranscribeConfig, io: OutputIo): SessionOutput {
  const ids = new Map<string, string>();
  return {
    emit(stream, segments) {
      for (const seg of segments) {
        const key = `${stream.id}\u0000${seg.key}`;
        const id = ids.get(key) ?? randomUUID();
        ids.set(key, id);
        io.send({
          type: 'TRANSCRIPT_ITEM',
          id,
          text: seg.text,
          // A declared DOCTOR/PATIENT stream labels its items; UNSPECIFIED lets the service decide.
          speaker_type:
            stream.speakerType === 'UNSPECIFIED' ? (seg.speaker ?? 'UNSPECIFIED') : stream.speakerType,
          locale:
            seg.locale !== undefined && config.speech_locales.includes(seg.locale)
              ? seg.locale
              : config.speech_locales[0],
          start_offset_ms: Math.round(seg.startSample / SAMPLES_PER_MS),
          end_offset_ms: Math.round(seg.endSample / SAMPLES_PER_MS),
          is_final: seg.isFinal,
        });
      }
    },
    flush() {},
  };
}

function dictationOutput(
  config: DictateConfig,
  version: string,
  io: OutputIo & { correctionDelayMs: () => number },
): SessionOutput {
  const writer = new DictationWriter(textBeforeCursor(config.text_field_context));
  // ASYNC_CORRECTION exists from 2026-07-01; a client pinned earlier never receives one.
  const corrections = config.enable_async_corrections === true && version >= SINCE.asyncCorrection;
  const sendCorrection = (): void => {
    const frame = writer.takeCorrection();
    if (frame) io.send(frame);
  };
  return {
    emit(_stream, segments) {
      for (const seg of segments) {
        if (!seg.isFinal) continue; // DICTATED_TEXT is final only
        io.send(writer.write(seg.text, seg.firstPass, corrections));
        if (writer.pendingCount > 0) io.later(io.correctionDelayMs(), sendCorrection);
      }
    },
    flush() {
      while (writer.pendingCount > 0) sendCorrection();
    },
  };
}
