import { readFile } from 'node:fs/promises';
import { LIMITS, checkMaxChars } from '../../api/limits.ts';
import type { GenerateNoteRequest } from '../../api/schemas/note.ts';
import type { Config } from '../../config/config-schema.ts';
import { noteText } from '../../visit/ehr-text.ts';
import { toNoteDto } from '../../visit/mapping.ts';
import { connect } from '../connect.ts';
import { CliError, EXIT, out } from '../io.ts';
import { parseTranscript } from '../transcript-file.ts';

export interface NoteOptions {
  transcript: string;
  template?: string;
  locale?: string;
  context?: string;
  json?: boolean;
  async?: boolean;
}

async function readInput(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError(
      `The ${what} file cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
      EXIT.usage,
    );
  }
}

/**
 * `scribe note`: a note from a transcript, as EHR-ready text or JSON. Every limit is checked before the
 * connection is even opened, so a refused request sends nothing at all.
 */
export async function note(config: Config, options: NoteOptions): Promise<void> {
  const items = parseTranscript(await readInput(options.transcript, 'transcript'));
  const context = options.context !== undefined ? await readInput(options.context, 'context') : undefined;
  checkMaxChars(context, LIMITS.unstructuredContextChars, 'unstructured_context', 'The context file');
  const request: GenerateNoteRequest = {
    locale: options.locale ?? config.noteLocale,
    transcript_items: items,
    ...(context !== undefined ? { unstructured_context: context } : {}),
  };
  const template = options.template ?? (config.userExternalId ? undefined : config.noteTemplateKey);
  if (template !== undefined) request.note_template_key = template;

  const { core } = await connect(config);
  const result = options.async
    ? await (await core.generateNoteAsync(request)).result({ deadlineMs: 15 * 60_000 })
    : await core.generateNote(request);
  out(options.json ? JSON.stringify(result, null, 2) : noteText(toNoteDto(result, 0)));
}
