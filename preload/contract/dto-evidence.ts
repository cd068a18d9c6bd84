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
  passages: z.array(
    z.object({
      key: z.string(),
      sentences: z
        .array(
          z.object({
            ...Range,
            support: z.array(z.string()).readonly(),
            marks: z.array(EvidenceMarkSchema).readonly(),
          }),
        )
        .readonly(),
    }),
  ),
});
export type NoteEvidence = z.infer<typeof NoteEvidenceSchema>;
