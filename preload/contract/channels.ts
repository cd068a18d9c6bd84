/**
 * The IPC channel map: every renderer → main request, with the zod schemas of its request and its
 * successful response. Types are derived from here and never written twice. The preload exposes one named
 * function per channel (see `methodName`); the main-side router parses every request with these schemas.
 */
import { z } from 'zod';
import {
  CodesSchema,
  CopyRequestSchema,
  CopyCodesRequestSchema,
  CopyResultSchema,
  EditByInstructionSchema,
  UndoInstructionSchema,
  EditSectionSchema,
  KeepNoteFlagSchema,
  EmCodesSchema,
  EmRequestSchema,
  EmComputeSchema,
  GenerateNoteSchema,
  InstructionsRequestSchema,
  InstructionsSchema,
  NoteSchema,
  OrdersSchema,
  TemplatesSchema,
  TranslateRequestSchema,
} from './dto-note.ts';
import { channel, EmptyRequest as Empty } from './channel.ts';
import {
  EvidenceAudioRequestSchema,
  EvidenceAudioSchema,
  EvidenceRequestSchema,
  NoteEvidenceSchema,
} from './dto-evidence.ts';
import { dictationChannels } from './dto-dictation.ts';
import { scheduleChannels } from './dto-schedule.ts';
import { textsChannels } from './dto-texts.ts';
import {
  CustomizationSchema,
  DotPhraseBulkSchema,
  DotPhraseSchema,
  MicTestSchema,
  PolicyViewSchema,
  ReplacementSaveSchema,
  ReplacementSchema,
  SettingsPatchSchema,
  SettingsSchema,
} from './dto-settings.ts';
import {
  ArmVisitSchema,
  ConnectionStatusSchema,
  ConnectRequestSchema,
  RecoverableVisitSchema,
  StartVisitSchema,
  TranscriptItemSchema,
  VisitAcceptedSchema,
  VisitOptionsSchema,
  VisitStateSchema,
} from './dto-visit.ts';

const Done = z.object({ done: z.literal(true) });
/** A connect command accepted: the new status follows as the `connect:status` push. */
const ConnectAcceptedSchema = z.object({ accepted: z.literal(true) });

/** Every request channel: `{ request, response }` zod schemas. */
export const channels = {
  // Connect: commands answer accepted or refused; the status reaches the renderer as the `connect:status`
  // push (after every change, IT's policy changes included), and `connect:status` here for the first read.
  'connect:status': channel(Empty, ConnectionStatusSchema),
  'connect:configure': channel(ConnectRequestSchema, ConnectAcceptedSchema),
  'connect:check': channel(Empty, ConnectAcceptedSchema),
  'connect:disconnect': channel(Empty, ConnectAcceptedSchema),
  /** "Sign in with your organization": the system browser, then the organization's token broker. */
  'connect:signIn': channel(Empty, ConnectAcceptedSchema),
  /** Stops waiting for a sign-in in the browser. */
  'connect:cancelSignIn': channel(Empty, ConnectAcceptedSchema),
  /** Sample visit: the built-in local service, no account, synthetic speech only. */
  'connect:sample': channel(Empty, ConnectAcceptedSchema),

  // Visit: commands answer accepted or refused; the state reaches the renderer as the `visit:state` push
  // (and `visit:state` here for the first read).
  'visit:options': channel(Empty, VisitOptionsSchema),
  /**
   * Open the chosen inputs before Start, keeping only their last second in main (the pre-roll) and
   * pushing levels; `visit:disarm` closes them and drops it. Start then uses them.
   */
  'visit:arm': channel(ArmVisitSchema, VisitAcceptedSchema),
  'visit:disarm': channel(Empty, VisitAcceptedSchema),
  'visit:start': channel(StartVisitSchema, VisitAcceptedSchema),
  'visit:pause': channel(Empty, VisitAcceptedSchema),
  'visit:resume': channel(Empty, VisitAcceptedSchema),
  'visit:end': channel(Empty, VisitAcceptedSchema),
  'visit:state': channel(Empty, VisitStateSchema),
  'visit:transcript': channel(Empty, z.object({ items: z.array(TranscriptItemSchema) })),
  /** Forget the current visit (transcript, note, codes) to start a new one. */
  'visit:discard': channel(Empty, VisitAcceptedSchema),
  /** Visits a crash left unfinished (audio kept, encrypted, on this computer). */
  'visit:recoverable': channel(Empty, z.object({ visits: z.array(RecoverableVisitSchema) })),
  /** Send one again and show its complete transcript as an ended visit. */
  'visit:recover': channel(z.object({ id: z.string() }), VisitAcceptedSchema),
  /** Shred one the clinician chose not to recover. */
  'visit:forgetRecoverable': channel(
    z.object({ id: z.string() }),
    z.object({ visits: z.array(RecoverableVisitSchema) }),
  ),

  // Note
  'note:templates': channel(Empty, TemplatesSchema),
  'note:get': channel(Empty, z.object({ note: NoteSchema.nullable() })),
  'note:evidence': channel(EvidenceRequestSchema, NoteEvidenceSchema),
  'note:evidenceAudio': channel(EvidenceAudioRequestSchema, EvidenceAudioSchema),
  'note:generate': channel(GenerateNoteSchema, NoteSchema),
  'note:editSection': channel(EditSectionSchema, NoteSchema),
  'note:editByInstruction': channel(EditByInstructionSchema, NoteSchema),
  /** Back to the version before the last change by instruction (`revision`: the note the screen shows). */
  'note:undoInstruction': channel(UndoInstructionSchema, NoteSchema),
  /** Keeps a check's flag on a section as written: it goes (the text never changes). */
  'note:keepFlag': channel(KeepNoteFlagSchema, NoteSchema),
  /** Fixes a check's flag on a section: the value before (or the name meant) put back in the text. */
  'note:fixFlag': channel(KeepNoteFlagSchema, NoteSchema),

  // Codes and more
  'codes:normalized': channel(Empty, CodesSchema),
  'codes:em': channel(EmRequestSchema, EmCodesSchema),
  'codes:emCompute': channel(EmComputeSchema, EmCodesSchema),
  'codes:emSpecialties': channel(
    Empty,
    z.object({ specialties: z.array(z.string()), available: z.boolean() }),
  ),
  'orders:suggest': channel(Empty, OrdersSchema),
  'instructions:generate': channel(InstructionsRequestSchema, InstructionsSchema),
  'instructions:translate': channel(TranslateRequestSchema, InstructionsSchema),

  // Into the EHR
  'copy:note': channel(CopyRequestSchema, CopyResultSchema),
  /** The patient instructions as last shown (original or translation), for the after-visit summary. */
  'copy:instructions': channel(Empty, CopyResultSchema),
  /** Codes or suggested orders as last shown, whole or one item, kept out of clipboard history as the note is. */
  'copy:codes': channel(CopyCodesRequestSchema, CopyResultSchema),

  // Settings
  'settings:get': channel(Empty, SettingsSchema),
  'settings:update': channel(SettingsPatchSchema, SettingsSchema),
  'settings:micTest': channel(MicTestSchema, Done),
  /** Settings the organization's policy fixes (shown disabled, with the reason); pushed as `policy:changed`. */
  'settings:policy': channel(Empty, PolicyViewSchema),
  'settings:customization': channel(z.object({ templateKey: z.string() }), CustomizationSchema),
  'settings:saveCustomization': channel(CustomizationSchema, CustomizationSchema),
  'dotPhrases:list': channel(Empty, z.object({ items: z.array(DotPhraseSchema) })),
  'dotPhrases:bulk': channel(DotPhraseBulkSchema, z.object({ items: z.array(DotPhraseSchema) })),
  'replacements:list': channel(Empty, z.object({ items: z.array(ReplacementSchema) })),
  'replacements:save': channel(ReplacementSaveSchema, z.object({ items: z.array(ReplacementSchema) })),
  'replacements:delete': channel(
    z.object({ id: z.string() }),
    z.object({ items: z.array(ReplacementSchema) }),
  ),

  // Dictation anywhere (preload/contract/dto-dictation.ts)
  ...dictationChannels,

  // The clinician's day (preload/contract/dto-schedule.ts)
  ...scheduleChannels,
  ...textsChannels,
} as const;

/** Name of a request channel. */
export type ChannelName = keyof typeof channels;
/** What the renderer sends on a channel (before parsing). */
export type RequestOf<C extends ChannelName> = z.input<(typeof channels)[C]['request']>;
/** The data of a successful answer. */
export type ResponseOf<C extends ChannelName> = z.output<(typeof channels)[C]['response']>;

/** Every channel name, for routers that register them all. */
export const CHANNEL_NAMES = Object.keys(channels) as ChannelName[];
