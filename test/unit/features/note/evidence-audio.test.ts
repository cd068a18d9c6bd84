/**
 * `note:evidenceAudio`: only a sentence's whole support, of the evidence last answered for the note on
 * screen, is played, its lines one after the other with a pause; nothing for other lines or another
 * revision; null when the visit's audio is not kept.
 */
import { describe, expect, it } from 'vitest';
import { EvidenceAudioSource } from '../../../../main/features/note/evidence-audio.ts';
import type { VisitTranscript } from '../../../../main/features/note/ports.ts';
import type { NoteEvidence, TranscriptItem } from '../../../../preload/contract/index.ts';
import { Failure } from '../../../../main/base/failure.ts';

const ITEMS: TranscriptItem[] = [
  { id: 'a', text: 'I have chest pain.', speaker: 'PATIENT', startMs: 0, endMs: 100, final: true },
  { id: 'b', text: 'Any fever?', speaker: 'DOCTOR', startMs: 200, endMs: 400, final: true },
  { id: 'c', text: 'No.', speaker: 'PATIENT', startMs: 500, endMs: 600, final: true },
];
const EVIDENCE: NoteEvidence = {
  revision: 3,
  passages: [
    {
      key: 'HPI',
      sentences: [
        { start: 0, end: 10, support: ['a'], marks: [] },
        { start: 11, end: 20, support: ['b', 'c'], marks: [] },
      ],
    },
  ],
};

/** A transcript whose audio is each line's times as samples (or none kept). */
function transcript(kept = true): VisitTranscript & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    active: false,
    finalInputs: () => [],
    items: () => ITEMS,
    said: () => ({
      locales: ['ENGLISH_US'],
      audio: async (speaker, startMs, endMs) => {
        asked.push(`${speaker} ${startMs}-${endMs}`);
        return kept ? new Int16Array([startMs, endMs]) : null;
      },
    }),
  };
}

const samplesOf = (pcm: string) => {
  const bytes = Buffer.from(pcm, 'base64');
  return [...new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2)];
};

describe('the evidence audio', () => {
  it('plays a shown sentence’s lines in order, with a pause between', async () => {
    const source = new EvidenceAudioSource();
    source.answered(EVIDENCE);
    const said = transcript();
    const { audio } = await source.clip({ revision: 3, items: ['b', 'c'] }, 3, said);
    expect(said.asked).toEqual(['DOCTOR 200-400', 'PATIENT 500-600']);
    expect(audio?.sampleRate).toBe(16_000);
    const samples = samplesOf(audio!.pcm);
    expect(samples.length).toBe(2 + 4_800 + 2); // 300 ms of silence between
    expect([samples.slice(0, 2), samples.slice(-2)]).toEqual([
      [200, 400],
      [500, 600],
    ]);
  });

  it('refuses lines no sentence is shown with, and another revision', async () => {
    const source = new EvidenceAudioSource();
    const said = transcript();
    // Nothing answered yet.
    await expect(source.clip({ revision: 3, items: ['a'] }, 3, said)).rejects.toBeInstanceOf(Failure);
    source.answered(EVIDENCE);
    for (const items of [['c'], ['a', 'b'], ['a', 'b', 'c']])
      await expect(source.clip({ revision: 3, items }, 3, said)).rejects.toMatchObject({
        code: 'invalid_request',
      });
    await expect(source.clip({ revision: 3, items: ['a'] }, 4, said)).rejects.toMatchObject({
      params: { reason: 'note_changed' },
    });
    expect(said.asked).toEqual([]);
  });

  it('answers null when the visit’s audio is not kept', async () => {
    const source = new EvidenceAudioSource();
    source.answered(EVIDENCE);
    expect(await source.clip({ revision: 3, items: ['a'] }, 3, transcript(false))).toEqual({ audio: null });
    const without: VisitTranscript = { active: false, finalInputs: () => [], items: () => ITEMS };
    expect(await source.clip({ revision: 3, items: ['a'] }, 3, without)).toEqual({ audio: null });
  });
});
