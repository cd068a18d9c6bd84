/**
 * The Texts feature: the clinician's library (a file in the data folder the app and the CLI share) with
 * the organization's laid over it (a file IT names by policy), imports from Dragon's export, CSV or our
 * JSON, and exports. The dictation reads the merged library at each dictation's start (by a port).
 */
import { readFile } from 'node:fs/promises';
import type { Feature } from '../../core/ipc/feature.ts';
import type { HandlerSlice } from '../../core/ipc/handler-slice.ts';
import { textsHandlers } from './texts-handlers.ts';
import { join } from 'node:path';
import { formatOf, formatTexts, parseTexts, type ImportResult, type TextsFormat } from './text-formats.ts';
import {
  mergeTexts,
  readUserTexts,
  replaceByName,
  USER_TEXTS_FILE,
  writeUserTexts,
  type SpokenText,
  type Text,
} from './text-library.ts';

/** What the Texts feature needs. */
export interface TextsDeps {
  readonly dataDir: string;
  /** The organization's Texts file (policy `dictationTextsFile`), read at each use; unset: none. */
  readonly organizationFile?: () => string | undefined;
}

/** The Texts feature's service. */
export interface TextsService {
  /** The clinician's Texts file. */
  readonly userFile: string;
  /** The format a file is read as, by its name; null: not one we read. */
  formatOf(fileName: string): TextsFormat | null;
  /** Reads a file of Texts into the clinician's library (same name: replaced); what was left out, named. */
  importFile(path: string, format: TextsFormat): Promise<ImportResult>;
  /** The same, from a file's bytes (the Texts page reads the file the clinician picked). */
  importBytes(bytes: Uint8Array, format: TextsFormat): Promise<ImportResult>;
  /** The clinician's own Texts (never the organization's), as our JSON or the documented CSV. */
  exportUser(format: 'json' | 'csv'): Promise<string>;
  /** The organization's and the clinician's Texts merged (an unreadable file counts as none, and is said). */
  library(onProblem?: (which: 'user' | 'organization') => void): Promise<SpokenText[]>;
  /**
   * The library as last read, at once (a dictation's start must not wait on a file share); each call reads
   * it again for the next, so a change reaches the dictation after the next one at the latest.
   */
  current(): readonly SpokenText[];
}

/** The Texts feature: the Texts page's channels (texts-handlers.ts), reports nothing. */
export type TextsFeature = Feature<TextsService, HandlerSlice<'texts'>, null>;

/**
 * Builds the Texts feature; `null` (a shell that keeps no data folder): an empty library, saving refused.
 */
export function createTextsFeature(deps: TextsDeps): TextsFeature;
export function createTextsFeature(deps: null): Feature<null, HandlerSlice<'texts'>, null>;
export function createTextsFeature(
  deps: TextsDeps | null,
): TextsFeature | Feature<null, HandlerSlice<'texts'>, null> {
  if (!deps) return { service: null, handlers: textsHandlers(null, null), events: null };
  const service = textsService(deps);
  return { service, handlers: textsHandlers(service, deps.dataDir), events: null };
}

function textsService(deps: TextsDeps): TextsService {
  const { dataDir } = deps;
  let last: readonly SpokenText[] = [];
  let reading: Promise<void> | null = null;
  const feature: TextsService = {
    userFile: join(dataDir, USER_TEXTS_FILE),
    formatOf,
    async importFile(path, format) {
      return feature.importBytes(new Uint8Array(await readFile(path)), format);
    },
    async importBytes(bytes, format) {
      const result = parseTexts(bytes, format);
      // Read the library before writing: a file that is not ours is refused, never overwritten.
      const existing = await readUserTexts(dataDir);
      await writeUserTexts(dataDir, replaceByName(existing, result.texts));
      return result;
    },
    async exportUser(format) {
      return formatTexts(await readUserTexts(dataDir), format);
    },
    async library(onProblem) {
      const user = await readUserTexts(dataDir).catch(() => (onProblem?.('user'), [] as Text[]));
      const file = deps.organizationFile?.();
      const organization = file
        ? await readOrganization(file).catch(() => (onProblem?.('organization'), []))
        : [];
      return mergeTexts(organization, user);
    },
    current() {
      reading ??= feature
        .library()
        .then((texts) => void (last = texts))
        .finally(() => (reading = null));
      return last;
    },
  };
  return feature;
}

/** IT's file may be any format we import (a Dragon export as it is); what it cannot hold is left out. */
async function readOrganization(file: string): Promise<Text[]> {
  const format = formatOf(file);
  if (!format) throw new Error('not a Texts file');
  return parseTexts(new Uint8Array(await readFile(file)), format).texts;
}
