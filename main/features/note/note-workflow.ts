/**
 * The after-the-visit half: the note (generate, edit by hand, edit by instruction, regenerate with extra
 * context), and what is derived from it (codes, orders, E/M, patient instructions). Limits are checked
 * here again before anything is sent, whatever the renderer already showed.
 */
import {
  INPUT_LIMITS,
  type Codes,
  type CopyCodesRequest,
  type EmCodes as EmCodesDto,
  type EmInputs,
  type GenerateNote,
  type Instructions,
  type Note as NoteDto,
  type NoteProgress,
  type Orders,
  type SectionContent,
} from '../../../preload/contract/index.ts';
import type { Note, TranscriptItemInput } from '../../core/api/schemas/note.ts';
import { EM_SPECIALTIES } from '../../core/api/schemas/common.ts';
import { noteText, sectionText } from './ehr-text.ts';
import { codesText, ordersText } from './codes-text.ts';
import {
  buildNoteRequest,
  codesContextOf,
  ordersContextOf,
  type CustomizationLookup,
} from './note-request.ts';
import type { PatientDemographics, VisitContext } from '../../core/api/schemas/visit-context.ts';
import { draftKindFor, visitContextFrom } from './visit-details.ts';
import { toCodesDto, toEmDto, toNoteDto, toOrdersDto } from './mapping.ts';
import type { CoreApi } from '../connection/ports.ts';
import { isDeepStrictEqual } from 'node:util';
import { Failure } from '../../base/failure.ts';
import { checkLimit } from '../../core/api/limits.ts';

/** Whether E/M can be asked over this Core API: by server credentials, or through the organization's broker. */
export function emOffered(core: Pick<CoreApi, 'caller' | 'emBy'>): boolean {
  return core.emBy === undefined ? core.caller === 'server' : core.emBy !== null;
}

/** Note and derived results for the current visit. */
export class NoteWorkflow {
  #note: Note | null = null;
  /** Counts every change of any note in this run (never reset), so a result names the note it came from. */
  #revision = 0;
  /** The instructions as written, and the note revision they were written from. */
  #instructions: { text: string; locale: string; revision: number } | null = null;
  /** What the Codes screen shows now: the original or its translation. */
  #shownInstructions: string | null = null;
  /** Kept here, not in the renderer: a reload of the window must still ask before replacing the edits. */
  #edited = false;
  /** The note as the service last wrote it, before the clinician's changes: what "Replace my changes" revises. */
  #written: Note | null = null;
  /** The version before the last change by instruction, while it can be undone. */
  #beforeInstruction: { note: Note; edited: boolean } | null = null;
  /** The codes and orders as last shown, and the note revision each was made from (what a copy copies). */
  #shown: {
    codes?: { value: Codes; revision: number };
    orders?: { value: Orders; revision: number };
  } = {};
  /** The visit details the note was written with: its codes and orders are asked with them too. */
  #visit: VisitContext | undefined;

  get note(): NoteDto | null {
    return this.#note ? this.#dto() : null;
  }

  reset(): void {
    this.#note = null;
    this.#written = null;
    this.#beforeInstruction = null;
    this.#edited = false;
    this.#instructions = null;
    this.#shownInstructions = null;
    this.#visit = undefined;
    this.#shown = {};
  }

  /** Generates (or regenerates, with optional extra context) the note from the final transcript. */
  async generate(
    core: CoreApi,
    request: GenerateNote,
    transcript: TranscriptItemInput[],
    onProgress: (progress: NoteProgress) => void,
    /** A server caller's saved customization of the template (the service keeps none for it). */
    customizations?: CustomizationLookup,
    /** The day the visit was recorded (YYYY-MM-DD), its encounter date unless the clinician names one. */
    visitDate: string | null = null,
    /** The demographics of the patient of the appointment the visit was started from. */
    linkedPatient: PatientDemographics | null = null,
  ): Promise<NoteDto> {
    const visit = withPatient(await this.#visitContext(core, request, visitDate), linkedPatient);
    const body = await buildNoteRequest(
      {
        caller: core.caller,
        locale: request.locale ?? 'ENGLISH_US',
        transcript,
        // User callers use their stored note settings (2025-04-03): the picker's template is not sent.
        ...(core.caller === 'server' && request.templateKey ? { templateKey: request.templateKey } : {}),
        ...(request.extraContext ? { context: request.extraContext } : {}),
        // Writing again replaces the clinician's changes (the screen asked first): the service revises its
        // own last version, never the hand-edited one, which would carry the changes into the new note.
        currentNote: this.#written,
        visit,
      },
      customizations,
    );
    const started = Date.now();
    onProgress({ stage: 'queued', elapsedSec: 0 });
    try {
      this.#note =
        request.mode === 'async'
          ? await core.generateNoteAsync(body, (ms) =>
              onProgress({ stage: 'working', elapsedSec: Math.round(ms / 1000) }),
            )
          : await core.generateNote(body);
    } catch (error) {
      onProgress({ stage: 'failed', elapsedSec: (Date.now() - started) / 1000 });
      throw error;
    }
    onProgress({ stage: 'done', elapsedSec: (Date.now() - started) / 1000 });
    this.#written = this.#note;
    this.#visit = visit;
    return this.#changed(false);
  }

  /** The visit details as the request carries them; the template's source-note kinds only for a draft. */
  async #visitContext(core: CoreApi, request: GenerateNote, visitDate: string | null): Promise<VisitContext> {
    const templateKey = core.caller === 'server' ? request.templateKey : null;
    const kinds = request.details?.draftPlan?.trim()
      ? await (core.sourceNoteKinds?.(templateKey ?? null) ?? Promise.resolve(null)).catch(() => null)
      : null;
    return visitContextFrom(request.details, {
      caller: core.caller,
      visitDate,
      draftKind: () => draftKindFor(kinds),
    });
  }

  /** Replaces one section's content by hand (TEXT, or the subsections of Assessment and Plan). */
  editSection(revision: number, key: string, content: SectionContent): NoteDto {
    const note = this.#require();
    if (revision !== this.#revision) throw new Failure('invalid_request', { reason: 'note_changed' });
    const index = note.sections.findIndex((s) => s.key === key);
    const section = note.sections[index];
    if (!section || content.type === 'UNSUPPORTED') throw new Failure('invalid_request');
    if (content.type !== section.content.type) throw new Failure('invalid_request');
    const sections = [...note.sections];
    sections[index] = {
      ...section,
      content: content.type === 'TEXT' ? { type: 'TEXT', text: content.text } : content,
    };
    this.#note = { ...note, sections };
    return this.#changed(true);
  }

  /**
   * Edits the note by a short instruction (≤ 700 characters). A note the service gave back unchanged stays
   * the same version (nothing to undo, results from it still current); a changed one can be undone once.
   */
  async editByInstruction(core: CoreApi, instructions: string): Promise<NoteDto> {
    checkLimit(instructions, INPUT_LIMITS.editInstructionChars, 'edit_instruction');
    const note = this.#require();
    const edited = await core.editNote({ note, instructions });
    if (isDeepStrictEqual(edited, note)) return this.#dto();
    this.#note = edited;
    const before = { note, edited: this.#edited };
    const dto = this.#changed(true);
    this.#beforeInstruction = before;
    return dto;
  }

  /** Undoes the last change by instruction: the note as it was before it, as a new version. */
  undoInstruction(revision: number): NoteDto {
    const before = this.#beforeInstruction;
    if (!before || revision !== this.#revision)
      throw new Failure('invalid_request', { reason: 'note_changed' });
    this.#note = before.note;
    return this.#changed(before.edited);
  }

  async codes(core: CoreApi): Promise<Codes> {
    const revision = this.#revision;
    const codes = toCodesDto(await core.normalizedData(this.#require(), codesContextOf(this.#visit)));
    this.#shown.codes = { value: codes, revision };
    return codes;
  }

  async orders(core: CoreApi): Promise<Orders> {
    const revision = this.#revision;
    const orders = toOrdersDto(await core.suggestedOrders(this.#require(), ordersContextOf(this.#visit)));
    this.#shown.orders = { value: orders, revision };
    return orders;
  }

  /** EHR-ready text of the codes or orders last shown, whole or one item; never of an earlier note. */
  codesCopyText(request: CopyCodesRequest): string {
    const shown = this.#shown[request.what];
    if (!shown) throw new Failure('no_note');
    if (shown.revision !== this.#revision) throw new Failure('invalid_request', { reason: 'note_changed' });
    const text =
      request.what === 'codes'
        ? codesText(shown.value as Codes, request.index)
        : ordersText(shown.value as Orders, request.index, request.names);
    if (text === null) throw new Failure('invalid_request');
    if (text.length === 0) throw new Failure('invalid_request', { reason: 'section_empty' });
    return text;
  }

  async em(core: CoreApi, specialty: string, transcript: TranscriptItemInput[]): Promise<EmCodesDto> {
    if (!emOffered(core)) throw new Failure('server_credentials_required');
    if (!(EM_SPECIALTIES as readonly string[]).includes(specialty)) throw new Failure('invalid_request');
    const codes = await core.emCodes({ note: this.#require(), transcriptItems: transcript, specialty });
    return toEmDto(codes, EM_SPECIALTIES);
  }

  /** E/M codes recomputed from the inputs the clinician set (checked again by the channel's schema). */
  async computeEm(core: CoreApi, inputs: EmInputs): Promise<EmCodesDto> {
    if (!emOffered(core) || !core.computeEm) throw new Failure('server_credentials_required');
    this.#require();
    if (inputs.mdmLevel === null && inputs.totalMinutes === null) throw new Failure('invalid_request');
    const codes = await core.computeEm({
      em_specialty_kind: inputs.specialty,
      patient_type: inputs.patientType,
      ...(inputs.mdmLevel !== null ? { medical_decision_making_level: inputs.mdmLevel } : {}),
      ...(inputs.totalMinutes !== null ? { total_time_minutes: inputs.totalMinutes } : {}),
    });
    return toEmDto(codes, EM_SPECIALTIES, inputs);
  }

  async instructions(core: CoreApi, locale: string, recipient: 'PATIENT' | 'PARENT'): Promise<Instructions> {
    const revision = this.#revision;
    const text = await core.patientInstructions({ note: this.#require(), locale, recipient });
    this.#instructions = { text, locale, revision };
    this.#shownInstructions = text;
    return { text, locale, translated: false };
  }

  /** Translates the last instructions; the service's machine-translation disclaimer stays in the text. */
  async translate(core: CoreApi, _fromLocale: string, toLocale: string): Promise<Instructions> {
    const original = this.#currentInstructions();
    // Always translate the reviewed original, never a translation of a translation.
    const fromLocale = original.locale;
    const text = await core.translateInstructions({
      instructions: original.text,
      fromLocale,
      toLocale,
    });
    this.#shownInstructions = text;
    return { text, locale: toLocale, translated: fromLocale !== toLocale };
  }

  /** The instructions as last shown (original or translation), for copying. */
  instructionsText(): string {
    this.#currentInstructions();
    if (this.#shownInstructions === null) throw new Failure('no_note', { reason: 'instructions_first' });
    return this.#shownInstructions;
  }

  /** The instructions written from the note as it is now; never ones from an earlier version of it. */
  #currentInstructions(): { text: string; locale: string } {
    if (!this.#instructions) throw new Failure('no_note', { reason: 'instructions_first' });
    if (this.#instructions.revision !== this.#revision)
      throw new Failure('invalid_request', { reason: 'instructions_outdated' });
    return this.#instructions;
  }

  /** EHR-ready text of the whole note or one section (`names`: the window's titles of untitled sections). */
  copyText(sectionKey: string | null, names: Readonly<Record<string, string>> = {}): string {
    const note = this.note;
    if (!note) throw new Failure('no_note');
    if (sectionKey === null) return noteText(note, names);
    const section = note.sections.find((s) => s.key === sectionKey);
    if (!section) throw new Failure('invalid_request');
    return sectionText(section.content);
  }

  #require(): Note {
    if (!this.#note) throw new Failure('no_note');
    return this.#note;
  }

  #changed(edited: boolean): NoteDto {
    this.#revision++;
    this.#beforeInstruction = null;
    this.#edited = edited;
    return this.#dto();
  }

  #dto(): NoteDto {
    return { ...toNoteDto(this.#require(), this.#revision), edited: this.#edited };
  }
}

/** The linked patient's demographics under what the clinician entered in the visit details (theirs win). */
function withPatient(visit: VisitContext, linked: PatientDemographics | null): VisitContext {
  return linked ? { ...visit, patient: { ...linked, ...visit.patient } } : visit;
}
