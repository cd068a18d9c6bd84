/**
 * Linked evidence as codes and facts (main/core/checks/evidence.ts): for each sentence of a written note,
 * the transcript items that support it and its marks — none found in the conversation, or a number, dose,
 * unit, side or negation that differs from what the supporting items say. The Note screen and
 * `scribe note --evidence` word them. Zod-free; nothing here changes the note.
 */
import type { TextRange } from './text-check-codes.ts';

/** What a "differs" mark compares. */
export const EVIDENCE_KINDS = ['dose', 'unit', 'number', 'side', 'negation', 'hyper_hypo'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/**
 * A mark on a note sentence, at its range in the passage: `not_found` covers the sentence; `differs` the
 * value in the note, with the note's value and the conversation's ("325 mg" and "81 mg"; for negation, the
 * polarities; for sides, the sides; for hyper_hypo, the findings: "hypoglycemia" and "hyperglycemia").
 */
export type EvidenceMark =
  | (TextRange & { readonly code: 'not_found' })
  | (TextRange & {
      readonly code: 'differs';
      readonly kind: EvidenceKind;
      readonly note: string;
      readonly said: string;
    });

/** One note sentence: its range in its passage, the ids of the transcript items that support it, its marks. */
export interface SentenceEvidence extends TextRange {
  readonly support: readonly string[];
  readonly marks: readonly EvidenceMark[];
  /** Not said in the conversation but in the context the clinician added before writing (never "not found"). */
  readonly fromContext?: true;
}

/** A passage of the note (a section's text, or one problem of a merged Assessment and Plan) and its sentences. */
export interface PassageEvidence {
  /** The section's key, or `KEY/subsection-id` for a problem. */
  readonly key: string;
  readonly sentences: readonly SentenceEvidence[];
}
