/**
 * The Note screen's evidence over IPC (`note:evidence`): the window sends the visit's final transcript items
 * it shows (ids and text); main links the current note to them (main/core/checks/note-evidence.ts) and
 * answers codes and ranges, never a sentence. Schemas here; the types are evidence-codes.ts's.
 */
import { z } from 'zod';
import { EVIDENCE_KINDS } from './evidence-codes.ts';

const Range = { start: z.number().int().nonnegative(), end: z.number().int().nonnegative() };

export const EvidenceRequestSchema = z.object({
  /** The note revision the window shows: an answer for another revision is not used. */
  revision: z.number().int().nonnegative(),
  items: z.array(z.object({ id: z.string().max(200), text: z.string().max(20_000) })).max(20_000),
});

const EvidenceMarkSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('not_found'), ...Range }),
  z.object({
    code: z.literal('differs'),
    kind: z.enum(EVIDENCE_KINDS),
    note: z.string(),
    said: z.string(),
    ...Range,
  }),
]);

export const NoteEvidenceSchema = z.object({
  revision: z.number().int().nonnegative(),
  /**
   * The note is in another language than the visit was recorded in: its words cannot be found in what was
   * said, so no sentence is linked or marked (absent: the same language, or the visit's is not known).
   */
  otherLanguage: z.boolean().optional(),
  passages: z.array(
    z.object({
      key: z.string(),
      sentences: z
        .array(
          z.object({
            ...Range,
            support: z.array(z.string()).readonly(),
            marks: z.array(EvidenceMarkSchema).readonly(),
            /** Said not in the conversation but in the context the clinician added to the note. */
            fromContext: z.literal(true).optional(),
          }),
        )
        .readonly(),
    }),
  ),
});
export type NoteEvidence = z.infer<typeof NoteEvidenceSchema>;

/** At most this many lines are played for one sentence (its support: three lines and their answers). */
export const EVIDENCE_AUDIO_MAX_LINES = 6;

/**
 * The audio of the lines the Note screen shows for one selected sentence (`note:evidenceAudio`): main plays
 * only a sentence's whole support of the evidence it last answered for this revision, nothing else.
 */
export const EvidenceAudioRequestSchema = z.object({
  revision: z.number().int().nonnegative(),
  items: z.array(z.string().max(200)).min(1).max(EVIDENCE_AUDIO_MAX_LINES),
});

/**
 * Those lines' audio, one after the other with a short pause between: 16-bit mono PCM, little-endian,
 * base64 (JSON-safe for the browser preview's bridge too); null when the visit's audio is not kept (the
 * sample visit, a recovered visit, a journal already shredded, a full disk).
 */
export const EvidenceAudioSchema = z.object({
  audio: z
    .object({
      sampleRate: z.number().int().positive(),
      pcm: z.string().max(16_000_000),
    })
    .nullable(),
});
export type EvidenceAudio = z.infer<typeof EvidenceAudioSchema>;
