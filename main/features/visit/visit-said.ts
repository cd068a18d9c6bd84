/**
 * What a visit said, for the note's evidence (issue 30): its speech locales, and the audio of a stretch of
 * its timeline read back from its journal: the 100 ms chunks the times cover, of the stream the speaker
 * spoke on (every stream mixed when no one stream is the speaker's). The journal is the only copy: once it is
 * shredded (the visit discarded, the next one started), or where it was never written (the sample visit, a
 * full disk), there is no audio, and this says so with null. Nothing is decoded until a line is played.
 */
import { PROTOCOL } from '../../core/api/protocol.ts';
import type { SaidSource } from '../../core/streaming/transcriber-port.ts';
import type { Speaker } from '../../../preload/contract/index.ts';
import type { LiveStream } from './ports.ts';
import type { RecoveredSession } from '../../core/journal/journal-replay.ts';
import { TranscribeJournalSettings } from '../../core/journal/recovery.ts';

/** Reads one journaled chunk back (VisitJournal.readAudio). */
export interface ChunkReader {
  readAudio(stream: number, index: number): Promise<Int16Array>;
}

/** No line is played longer than this (a runaway item's times read no more than a minute of audio). */
const MAX_LINE_MS = 60_000;

/** The streams a speaker spoke on: theirs, or all when the visit has one or none is theirs. */
function streamsOf(streams: readonly Pick<LiveStream, 'speakerType'>[], speaker: Speaker): number[] {
  const own = streams.flatMap((s, i) => (s.speakerType === speaker ? [i] : []));
  return streams.length > 1 && own.length === 1 ? own : streams.map((_, i) => i);
}

/** A visit's locales, and its audio from `journal` (none: no audio). */
export function visitSaid(
  locales: readonly string[],
  streams: readonly Pick<LiveStream, 'speakerType'>[],
  journal: ChunkReader | null,
): SaidSource {
  const { chunkMs, sampleRate } = PROTOCOL.audio;
  const perChunk = (sampleRate * chunkMs) / 1000;
  return {
    locales: [...locales],
    async audio(speaker, startMs, endMs) {
      if (!journal) return null;
      const first = Math.max(0, Math.floor(startMs / chunkMs));
      const end = Math.min(Math.ceil(endMs / chunkMs), first + MAX_LINE_MS / chunkMs);
      if (end <= first) return null;
      const mixed = new Int16Array((end - first) * perChunk);
      try {
        for (const stream of streamsOf(streams, speaker))
          for (let index = first; index < end; index++) {
            const chunk = await journal.readAudio(stream, index);
            const at = (index - first) * perChunk;
            for (let i = 0; i < chunk.length; i++)
              mixed[at + i] = Math.max(-32_768, Math.min(32_767, mixed[at + i]! + chunk[i]!));
          }
      } catch {
        return null; // shredded meanwhile, never written (a full disk), or damaged: not kept
      }
      return mixed;
    },
  };
}

/**
 * What a visit recovered from its journal said: the locales and streams its journal's config names (the
 * language check then runs as for a visit recorded now), and its audio from the same journal, found by where
 * the recovery's read-through saw each chunk (chunk i of a stream is i·100 ms of the visit's timeline, which
 * the recovered and the resent items are on): its lines play as a live visit's do, until it is shredded.
 */
export function recoveredSaid(recovered: Pick<RecoveredSession, 'config' | 'audio'>): SaidSource {
  const settings = TranscribeJournalSettings.safeParse(recovered.config.settings);
  return settings.success
    ? visitSaid(settings.data.speechLocales, settings.data.streams, recovered.audio ?? null)
    : visitSaid([], [], null);
}
