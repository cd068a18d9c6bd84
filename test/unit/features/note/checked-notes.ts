/** The note service the note checks' tests drive: a fake Core API, the note events it reports. */
import type { Note } from '../../../../main/core/api/schemas/note.ts';
import type { FlagKind } from '../../../../preload/contract/text-check-codes.ts';
import { NoteService } from '../../../../main/features/note/note-service.ts';
import type { NoteEvent } from '../../../../main/features/note/ports.ts';
import { fakeCore } from '../visit/fakes.ts';

/**
 * A note service whose service writes `notes` in turn (the last one again after that), the first written
 * already; `kinds`: the kinds of check IT left on (all when omitted).
 */
export async function checkedNotes(notes: readonly Note[], kinds?: FlagKind[]) {
  const events: NoteEvent[] = [];
  const queue = [...notes];
  const core = fakeCore('server', {
    generateNote: async () => (queue.length > 1 ? queue.shift()! : queue[0]!),
  });
  const service = new NoteService({
    core: { require: () => core, current: () => core },
    transcript: { active: false, finalInputs: () => [{ text: 'Hello.', speaker_type: 'DOCTOR' }] },
    clipboard: { writeText: async () => ({ transient: true }) },
    emit: () => undefined,
    platform: 'linux',
    ...(kinds ? { checkKinds: () => kinds } : {}),
  });
  service.onDidReport((e) => events.push(e));
  const first = await service.generate({ templateKey: null, locale: null, mode: 'sync', extraContext: null });
  return { service, core, events, first };
}

/** The checks' events among `events`. */
export const flagEvents = (events: readonly NoteEvent[]) =>
  events.filter((e) => e.kind.startsWith('note_flag'));
