/**
 * The audio of the lines the Note screen shows for one selected sentence (`note:evidenceAudio`, issue 30),
 * read from the visit's journal (main/features/visit/visit-said.ts), one line after the other with a short
 * pause between. Only the whole support of a sentence of the evidence last answered for the note on screen
 * is played: the window never receives audio of a line it does not show, and never more than those lines.
 */
import { PROTOCOL } from '../../core/api/protocol.ts';
import { Failure } from '../../base/failure.ts';
import type { EvidenceAudio, NoteEvidence } from '../../../preload/contract/index.ts';
import type { VisitTranscript } from './ports.ts';

/** The pause between two lines. */
const PAUSE_MS = 300;

const supportKey = (ids: readonly string[]) => ids.join('\n');

/** The evidence last answered, and the audio of a sentence's lines from it. */
export class EvidenceAudioSource {
  #shown: { revision: number; supports: ReadonlySet<string> } | null = null;

  /** The evidence was answered for a note revision: its sentences' supports may be played. */
  answered(evidence: NoteEvidence): void {
    const supports = evidence.passages.flatMap((p) => p.sentences.map((s) => supportKey(s.support)));
    this.#shown = { revision: evidence.revision, supports: new Set(supports) };
  }

  /** The lines' audio; null when the visit's audio is not kept. Refuses lines no sentence is shown with. */
  async clip(
    request: { revision: number; items: readonly string[] },
    noteRevision: number | null,
    transcript: VisitTranscript,
  ): Promise<EvidenceAudio> {
    if (request.revision !== noteRevision || this.#shown?.revision !== noteRevision)
      throw new Failure('invalid_request', { reason: 'note_changed' });
    if (!this.#shown.supports.has(supportKey(request.items))) throw new Failure('invalid_request');
    const said = transcript.said?.() ?? null;
    const byId = new Map((transcript.items?.() ?? []).filter((i) => i.final).map((i) => [i.id, i]));
    const lines = request.items.map((id) => byId.get(id));
    if (!said || lines.some((line) => !line)) return { audio: null };
    const clips: Int16Array[] = [];
    for (const line of lines) {
      const clip = await said.audio(line!.speaker, line!.startMs, line!.endMs);
      if (!clip) return { audio: null };
      clips.push(clip);
    }
    const { sampleRate } = PROTOCOL.audio;
    const pause = (sampleRate * PAUSE_MS) / 1000;
    const joined = new Int16Array(clips.reduce((n, c) => n + c.length, 0) + pause * (clips.length - 1));
    let at = 0;
    for (const clip of clips) {
      joined.set(clip, at);
      at += clip.length + pause;
    }
    const pcm = Buffer.from(joined.buffer, joined.byteOffset, joined.byteLength).toString('base64');
    return { audio: { sampleRate, pcm } };
  }
}
