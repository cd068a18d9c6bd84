/**
 * The note's headless front door: what a shell without a window (`scribe note`, through
 * main/compose/headless.ts) uses of the note, the app's own code: the request builder of the app's note
 * workflow, and the note and its orders as the app copies them. Beside the factory (note-feature.ts) so the
 * CLI loads only these, not the whole feature.
 */
import { ordersText } from './codes-text.ts';
import { noteText } from './ehr-text.ts';
import { toNoteDto, toOrdersDto } from './mapping.ts';
import { buildNoteRequest, isUserTemplateRefusal, ordersContextOf } from './note-request.ts';

export type { CustomizationLookup } from './note-request.ts';

const headless = {
  buildRequest: buildNoteRequest,
  isUserTemplateRefusal,
  ordersContextOf,
  toNoteDto,
  toOrdersDto,
  noteText,
  ordersText,
};

export type NoteHeadless = typeof headless;

/** The note's headless factory. */
export function createNoteHeadless(): NoteHeadless {
  return headless;
}
