import type { CallerKind } from '../../../core/api/protocol.ts';
import type { GenerateNoteRequest, Note, TranscriptItemInput } from '../../../core/api/schemas/note.ts';
import { NOTE_LOCALES } from '../../../core/api/schemas/common.ts';
import type { Config } from '../../../core/config/config-schema.ts';
import { headless, type CustomizationLookup } from '../../../compose/headless.ts';
import type { SuggestedOrder } from '../../../core/api/schemas/coding.ts';
import { connect } from '../connect.ts';
import { CliError, EXIT, out } from '../io.ts';
import { orderCopyNames, words } from '../../../../preload/words/index.ts';
import { parseTranscript, transcriptSpeechLocales } from '../transcript-file.ts';
import { evidenceJson, evidenceOf, evidenceText, type CliEvidence } from '../note-evidence.ts';
import { readTextInput } from '../text-input.ts';
import { defaultUserDataDir } from '../../../core/config/paths.ts';
import { Failure } from '../../../base/failure.ts';
import type { VisitContext } from '../../../core/api/schemas/visit-context.ts';
import { LimitError } from '../../../core/api/limits.ts';
import { visitContextFromFlags, type VisitFlags } from '../visit-files.ts';

const { note: notes } = headless;

export interface NoteOptions extends VisitFlags {
  transcript: string;
  template?: string;
  locale?: string;
  context?: string;
  json?: boolean;
  async?: boolean;
  /** Also the orders the service suggests from the note, as the Codes screen lists and copies them. */
  orders?: boolean;
  /** Also each note sentence with the transcript items that support it and its marks (note-evidence.ts). */
  evidence?: boolean;
}

/**
 * The request `scribe note` sends, built by the note room's builder (as the app's note is), with its
 * refusals worded for the command line. It runs before connect(): connecting as a user already finds or
 * creates that user and mints its tokens, which a request refused anyway must not cause.
 */
export async function cliNoteRequest(
  config: Config,
  options: NoteOptions,
  items: TranscriptItemInput[],
  context: string | undefined,
  customizations: CustomizationLookup = savedCustomizations(),
  /** The visit details from --encounter-date, --specialty, --patient, --diagnoses and --source-note. */
  visit: VisitContext = {},
): Promise<GenerateNoteRequest> {
  const caller: CallerKind = config.userExternalId ? 'user' : 'server';
  // The service's refusal of a locale names no flag: checked here, before anything is built or sent.
  if (options.locale !== undefined && !(NOTE_LOCALES as readonly string[]).includes(options.locale))
    throw new CliError(words().cli.oneOf('--locale', NOTE_LOCALES.join(', ')), EXIT.usage);
  const templateKey = options.template ?? (caller === 'user' ? undefined : config.noteTemplateKey);
  try {
    return await notes.buildRequest(
      {
        caller,
        locale: options.locale ?? config.noteLocale,
        transcript: items,
        ...(templateKey !== undefined ? { templateKey } : {}),
        ...(context !== undefined ? { context } : {}),
        contextSubject: 'context_file',
        visit,
      },
      customizations,
    );
  } catch (error) {
    throw cliRefusal(error);
  }
}

/** The builder's refusals that a command line words its own way (the rest print as the app words them). */
function cliRefusal(error: unknown): unknown {
  const said = words().cli.note;
  if (notes.isUserTemplateRefusal(error)) return new CliError(said.templateWithUser, EXIT.usage);
  if (error instanceof LimitError && error.params?.rule === 'specialty_server_only')
    return new CliError(said.specialtyWithUser, EXIT.usage);
  if (error instanceof Failure && error.code === 'transcript_too_short')
    return new CliError(said.noTranscriptText, EXIT.usage);
  return error;
}

/** The customization saved in the app, in the user data folder the app and the CLI share. */
function savedCustomizations(): CustomizationLookup {
  const dataDir = process.env.SCRIBE_DATA_DIR?.trim() || defaultUserDataDir();
  return headless.settings.savedCustomizations(dataDir);
}

/** Sections whose content type this version cannot show: named on stderr (key and title, never content). */
function warnUnsupported(note: Note): void {
  for (const section of notes.toNoteDto(note, 0).sections) {
    if (section.content.type !== 'UNSUPPORTED') continue;
    const title = section.title ?? words().sectionTitle(section.key);
    process.stderr.write(`scribe: ${words().cli.note.unsupportedSection(title, section.key)}
`);
  }
}

/**
 * `scribe note`: a note from a transcript, as EHR-ready text or JSON. Every local check runs before the
 * connection is even opened, so a refused request sends nothing at all.
 */
export async function note(config: Config, options: NoteOptions): Promise<void> {
  const fromStdin = [
    options.transcript,
    options.context,
    options.patient,
    options.diagnoses,
    options.sourceNote,
  ];
  if (fromStdin.filter((path) => path === '-').length > 1)
    throw new CliError(words().cli.input.oneStdin, EXIT.usage);
  const transcript = await readTextInput(options.transcript, 'transcript');
  const items = parseTranscript(transcript);
  const context = options.context !== undefined ? await readTextInput(options.context, 'context') : undefined;
  const visit = await visitContextFromFlags(options);
  const request = await cliNoteRequest(config, options, items, context, undefined, visit);

  const { core } = await connect(config);
  await checkTemplateFlag(core, options.template, request.locale);
  const result = options.async
    ? await (await core.generateNoteAsync(request)).result({ deadlineMs: 15 * 60_000 })
    : await core.generateNote(request);
  // The note is the clinician's: asked for orders, a failure there must not cost the note already written.
  const orders = options.orders
    ? await suggestedOrders(core, { note: result, ...notes.ordersContextOf(visit) }, options.async === true)
    : null;
  const evidence = options.evidence
    ? evidenceOf(
        notes.toNoteDto(result, 0).sections,
        items.map((item) => item.text),
        { note: result.locale, speech: transcriptSpeechLocales(transcript) },
        context === undefined ? [] : [context],
      )
    : undefined;
  printNote(result, orders === null ? undefined : orders.orders, options.json === true, evidence);
  if (orders?.failure !== undefined) throw orders.failure;
}

type CoreClient = Awaited<ReturnType<typeof connect>>['core'];

/**
 * `--template KEY` checked against the caller's templates (listed, never hard-coded) before the transcript
 * is sent: the service's refusal of an unknown key names no flag.
 */
export async function checkTemplateFlag(
  core: Pick<CoreClient, 'listTemplates'>,
  key: string | undefined,
  locale: string | undefined,
): Promise<void> {
  if (key === undefined) return;
  const keys = (await core.listTemplates(locale)).map((template) => template.key);
  if (!keys.includes(key))
    throw new CliError(words().cli.note.unknownTemplate(key, keys.join(', ')), EXIT.usage);
}

/** The suggested orders for a written note, or why they could not be had (the note is printed either way). */
async function suggestedOrders(
  core: CoreClient,
  request: Parameters<CoreClient['generateSuggestedOrders']>[0],
  async: boolean,
): Promise<{ orders: SuggestedOrder[] | null; failure?: unknown }> {
  try {
    const orders = async
      ? await (await core.generateSuggestedOrdersAsync(request)).result({ deadlineMs: 15 * 60_000 })
      : await core.generateSuggestedOrders(request);
    return { orders };
  } catch (failure) {
    return { orders: null, failure };
  }
}

/** The note (and, when asked for, its orders: null when they failed, and its evidence), as text or JSON. */
function printNote(
  result: Note,
  orders: SuggestedOrder[] | null | undefined,
  json: boolean,
  evidence?: CliEvidence,
): void {
  const sections = notes.toNoteDto(result, 0).sections;
  if (json) {
    const extra = {
      ...(orders !== undefined ? { suggested_orders: orders } : {}),
      ...(evidence ? { evidence: evidenceJson(sections, evidence) } : {}),
    };
    return out(JSON.stringify(Object.keys(extra).length > 0 ? { note: result, ...extra } : result, null, 2));
  }
  warnUnsupported(result);
  const dto = notes.toNoteDto(result, 0);
  // A section the service left untitled is headed by its title in the CLI's language.
  const names = dto.sections.filter((s) => s.title === null).map((s) => [s.key, words().sectionTitle(s.key)]);
  out(notes.noteText(dto, Object.fromEntries(names)));
  if (orders) out(`\n${suggestedOrdersText(orders)}`);
  if (evidence) out(`\n${evidenceText(sections, evidence)}`);
}

/**
 * The suggested orders under an upper-case heading like the note's sections, each as the window copies it
 * (categories and a medication's action, route and frequency named in the CLI's language).
 */
function suggestedOrdersText(orders: SuggestedOrder[]): string {
  const said = words().ui;
  const dto = notes.toOrdersDto(orders);
  const body = notes.ordersText(dto, null, orderCopyNames(dto)) || said.orders.none;
  return `${said.codes.orders.toUpperCase()}:\n${body}`;
}
