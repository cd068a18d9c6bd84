import { ServiceError, badRequest } from './errors.ts';
import { findTemplate, hasMergedAssessmentAndPlan, type Template } from './clinical/templates.ts';
import { wordCount } from './clinical/recognition.ts';
import type { Note, SourceNote, TranscriptItem } from './schemas.ts';
import { atLeast } from './versions.ts';

/** A template by key; 400 when the service has no such template. */
export function templateOrFail(key: string): Template {
  const template = findTemplate(key);
  if (!template) throw badRequest('unknown note template key');
  return template;
}

/**
 * SUBSECTIONS content is accepted only on the Assessment and Plan section of a template with a merged
 * Assessment and Plan section (contract, Errors: 400 BAD_REQUEST).
 */
export function checkNote(note: Note, field = 'note'): Template {
  const template = templateOrFail(note.template_key);
  for (const section of note.sections) {
    if (section.content.type !== 'SUBSECTIONS') continue;
    if (section.key !== 'ASSESSMENT_AND_PLAN') {
      throw badRequest(`${field}: SUBSECTIONS content is only accepted on the ASSESSMENT_AND_PLAN section`);
    }
    if (!hasMergedAssessmentAndPlan(template)) {
      throw badRequest(
        `${field}: SUBSECTIONS content needs a template with a merged ASSESSMENT_AND_PLAN section`,
      );
    }
  }
  return template;
}

/** Source-note rules: no mixing of ASSESSMENT_AND_PLAN with ASSESSMENT/PLAN, kinds the template supports. */
export function checkSourceNote(source: SourceNote, template: Template, version: string): void {
  const kinds = source.sections.map((section) => section.kind);
  if (new Set(kinds).size !== kinds.length)
    throw badRequest('source_note: each section kind may appear once');
  if (kinds.includes('ASSESSMENT_AND_PLAN') && (kinds.includes('ASSESSMENT') || kinds.includes('PLAN'))) {
    throw badRequest('source_note: ASSESSMENT_AND_PLAN cannot be combined with ASSESSMENT or PLAN');
  }
  if (!atLeast(version, '2026-10-05') && kinds.some((kind) => kind !== 'ASSESSMENT_AND_PLAN')) {
    throw badRequest('source_note: ASSESSMENT and PLAN kinds need API version 2026-10-05');
  }
  for (const section of source.sections) {
    if (section.content.type !== 'SUBSECTIONS') continue;
    if (section.kind !== 'ASSESSMENT_AND_PLAN') {
      throw badRequest('source_note: SUBSECTIONS content is only accepted on ASSESSMENT_AND_PLAN');
    }
    if (!hasMergedAssessmentAndPlan(template)) {
      throw badRequest(
        'source_note: SUBSECTIONS content needs a template with a merged ASSESSMENT_AND_PLAN section',
      );
    }
  }
  for (const kind of kinds) {
    if (!template.supportedSourceKinds.includes(kind)) {
      throw badRequest(`source_note: the template does not accept source-note section kind ${kind}`);
    }
  }
}

/** Transcript rules: sorted by start offset, and long enough to write a note from (83005, HTTP 422). */
export function checkTranscript(items: readonly TranscriptItem[], minWords: number): void {
  let last = -1;
  for (const item of items) {
    if (item.start_offset_ms === undefined) continue;
    if (item.start_offset_ms < last) throw badRequest('transcript_items must be sorted by start_offset_ms');
    last = item.start_offset_ms;
    if (item.end_offset_ms !== undefined && item.end_offset_ms < item.start_offset_ms) {
      throw badRequest('transcript_items: end_offset_ms is before start_offset_ms');
    }
  }
  const words = items.reduce((sum, item) => sum + wordCount(item.text), 0);
  if (words < minWords) {
    throw new ServiceError(
      422,
      'NOTE_GENERATION_TRANSCRIPT_TOO_SHORT',
      'the transcript is too short to generate a note',
    );
  }
}
