/** The after-the-visit channels: note, codes, orders, patient instructions and copying. */
import { EM_SPECIALTIES, NOTE_LOCALES } from '../../core/api/schemas/common.ts';
import { guard, type HandlerSlice } from '../../core/ipc/handler-slice.ts';
import type { NoteService } from './note-service.ts';
import { evidenceOfNote } from '../../core/checks/note-evidence.ts';
import { EvidenceAudioSource } from './evidence-audio.ts';
import { emOffered } from './note-workflow.ts';
import type { CoreAccess, CoreApi } from '../connection/ports.ts';
import type { RequestOf } from '../../../preload/contract/index.ts';

/** `note:*`, `codes:*`, `orders:*`, `instructions:*` and `copy:*` handlers. */
export function createNoteHandlers(
  notes: NoteService,
  access: CoreAccess,
): HandlerSlice<'note' | 'codes' | 'orders' | 'instructions' | 'copy'> {
  const core = () => access.require();
  const workflow = notes.workflow;
  const audio = new EvidenceAudioSource();
  return {
    'note:templates': () => guard(() => noteTemplates(core())),
    'note:get': () => guard(() => ({ note: notes.note })),
    'note:evidence': (r) => guard(() => noteEvidence(notes, audio, r)),
    'note:evidenceAudio': (r) =>
      guard(() => audio.clip(r, workflow.note?.revision ?? null, notes.transcript)),
    'note:generate': (r) => guard(() => notes.generate(r)),
    'note:editSection': (r) => guard(() => notes.editSection(r.revision, r.key, r.content)),
    'note:editByInstruction': (r) =>
      guard(async () => notes.withFlags(await workflow.editByInstruction(core(), r.instructions))),
    'note:undoInstruction': (r) => guard(() => notes.withFlags(workflow.undoInstruction(r.revision))),
    'note:keepFlag': (r) => guard(() => notes.keepFlag(r.section, r.id)),
    'note:fixFlag': (r) => guard(() => notes.fixFlag(r.section, r.id)),

    'codes:normalized': () => guard(() => workflow.codes(core())),
    'codes:em': (r) => guard(() => workflow.em(core(), r.specialty, notes.transcript.finalInputs())),
    'codes:emCompute': (r) => guard(() => workflow.computeEm(core(), r.inputs)),
    'codes:emSpecialties': () =>
      guard(() => {
        const api = access.current();
        return { specialties: [...EM_SPECIALTIES], available: api !== null && emOffered(api) };
      }),
    'orders:suggest': () => guard(() => workflow.orders(core())),
    'instructions:generate': (r) => guard(() => workflow.instructions(core(), r.locale, r.recipient)),
    'instructions:translate': (r) => guard(() => notes.translate(r)),

    'copy:note': (r) => guard(() => notes.copy(r.sectionKey, r.names)),
    'copy:instructions': () => guard(() => notes.copyInstructions()),
    'copy:codes': (r) => guard(() => notes.copyCodes(r)),
  };
}

/** The evidence of the note's sentences in the visit's lines (the audio source remembers it for clips). */
function noteEvidence(notes: NoteService, audio: EvidenceAudioSource, r: RequestOf<'note:evidence'>) {
  const note = notes.workflow.note;
  if (!note) return { revision: r.revision, passages: [] };
  const evidence = evidenceOfNote(
    note,
    r.items,
    notes.transcript.said?.()?.locales ?? [],
    notes.addedContext,
  );
  audio.answered(evidence);
  return evidence;
}

/** The templates to offer, with the user's stored template and locale as defaults when signed in as a user. */
async function noteTemplates(api: CoreApi) {
  const settingsAnswer = api.caller === 'user' ? await api.noteSettings().catch(() => null) : null;
  const templates = await api.templates(settingsAnswer?.note_locale ?? undefined);
  return {
    templates: templates.map((t) => ({
      key: t.key,
      title: t.title ?? t.key,
      description: t.description ?? '',
    })),
    defaultKey: settingsAnswer?.note_template_key ?? templates[0]?.key ?? null,
    noteLocales: [...NOTE_LOCALES],
    // None stored (a server caller): the window starts from its own language where notes are written in it.
    defaultLocale: settingsAnswer?.note_locale ?? null,
  };
}
