import { LIMITS, checkMaxChars } from '../../api/limits.ts';
import type { CallerKind } from '../../api/protocol.ts';
import type { GenerateNoteRequest, Note, TranscriptItemInput } from '../../api/schemas/note.ts';
import { checkGenerateNote } from '../../api/validate.ts';
import type { Config } from '../../config/config-schema.ts';
import { noteText } from '../../note/ehr-text.ts';
import { toNoteDto } from '../../note/mapping.ts';
import { connect } from '../connect.ts';
import { CliError, EXIT, out } from '../io.ts';
import { parseTranscript } from '../transcript-file.ts';
import { readTextInput } from '../text-input.ts';
import { join } from 'node:path';
import { defaultUserDataDir } from '../../config/paths.ts';
import { customizationFields } from '../../note/customization-body.ts';
import {
  CUSTOMIZATION_FILE,
  FileCustomizationStore,
  type SavedCustomization,
} from '../../settings/customization-store.ts';

export interface NoteOptions {
  transcript: string;
  template?: string;
  locale?: string;
  context?: string;
  json?: boolean;
  async?: boolean;
}

/**
 * The request `scribe note` sends, after every local check, worded for the command line. It runs before
 * connect(): connecting as a user already finds or creates that user and mints its tokens, which a request
 * refused anyway must not cause.
 */
function noteRequest(
  config: Config,
  options: NoteOptions,
  items: TranscriptItemInput[],
  context: string | undefined,
  saved?: SavedCustomization,
): GenerateNoteRequest {
  const caller: CallerKind = config.userExternalId ? 'user' : 'server';
  if (options.template !== undefined && caller === 'user') {
    throw new CliError(
      "--template cannot be used with SCRIBE_USER_EXTERNAL_ID (--user): a user's notes follow the template of its note settings on the service. Drop --template, or the user, to choose one. Nothing was sent.",
      EXIT.usage,
    );
  }
  if (items.every((item) => item.text.trim() === '')) {
    throw new CliError('The transcript file holds no transcript text. Nothing was sent.', EXIT.usage);
  }
  checkMaxChars(context, LIMITS.unstructuredContextChars, 'unstructured_context', 'context_file');
  const request: GenerateNoteRequest = {
    locale: options.locale ?? config.noteLocale,
    transcript_items: items,
    ...(context !== undefined ? { unstructured_context: context } : {}),
  };
  const template = options.template ?? (caller === 'user' ? undefined : config.noteTemplateKey);
  if (template !== undefined) request.note_template_key = template;
  // The service keeps customization for user callers only: a server caller sends what the app saved.
  if (caller === 'server') Object.assign(request, customizationFields(saved));
  return checkGenerateNote(request, caller);
}

/** The customization saved in the app for the template a server-caller note uses (none for users). */
async function savedCustomization(config: Config, options: NoteOptions) {
  const template = options.template ?? config.noteTemplateKey;
  if (config.userExternalId || template === undefined) return undefined;
  const dataDir = process.env.SCRIBE_DATA_DIR?.trim() || defaultUserDataDir();
  return new FileCustomizationStore(join(dataDir, CUSTOMIZATION_FILE)).get(template);
}

/** Sections whose content type this version cannot show: named on stderr (key and title, never content). */
function warnUnsupported(note: Note): void {
  for (const section of toNoteDto(note, 0).sections) {
    if (section.content.type !== 'UNSUPPORTED') continue;
    process.stderr.write(
      `scribe: warning: the "${section.title}" section (${section.key}) has a format this version cannot show; the text marks where it is. Use --json to get it as sent.\n`,
    );
  }
}

/**
 * `scribe note`: a note from a transcript, as EHR-ready text or JSON. Every local check runs before the
 * connection is even opened, so a refused request sends nothing at all.
 */
export async function note(config: Config, options: NoteOptions): Promise<void> {
  if (options.transcript === '-' && options.context === '-')
    throw new CliError('Only one of --transcript and --context can read standard input.', EXIT.usage);
  const items = parseTranscript(await readTextInput(options.transcript, 'transcript'));
  const context = options.context !== undefined ? await readTextInput(options.context, 'context') : undefined;
  const request = noteRequest(config, options, items, context, await savedCustomization(config, options));

  const { core } = await connect(config);
  const result = options.async
    ? await (await core.generateNoteAsync(request)).result({ deadlineMs: 15 * 60_000 })
    : await core.generateNote(request);
  if (options.json) return out(JSON.stringify(result, null, 2));
  warnUnsupported(result);
  out(noteText(toNoteDto(result, 0)));
}
