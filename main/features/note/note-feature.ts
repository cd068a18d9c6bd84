/**
 * The note feature's one factory: the note service (note, codes, orders, patient instructions, copying),
 * its IPC slice, and what it reports (notes written and copied; the audit trail listens).
 */
import type { Feature, Reporter } from '../../core/ipc/feature.ts';
import { createNoteHandlers } from './handlers.ts';
import { NoteService, type NoteServiceDeps } from './note-service.ts';
import type { NoteEvent } from './ports.ts';

export type { NoteService } from './note-service.ts';

/** What the note is built from: the connection's Core API, the visit's transcript, the clipboard… */
export type NoteFeatureDeps = NoteServiceDeps;

export type NoteFeature = Feature<NoteService, ReturnType<typeof createNoteHandlers>, Reporter<NoteEvent>>;

export function createNoteFeature(deps: NoteFeatureDeps): NoteFeature {
  const service = new NoteService(deps);
  return { service, handlers: createNoteHandlers(service, deps.core), events: service };
}
