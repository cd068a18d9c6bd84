/**
 * The Texts feature: the clinician's library (a file in the data folder the app and the CLI share) with
 * the organization's laid over it (a file IT names by policy), imports from Dragon's export, CSV or our
 * JSON, and exports. The dictation reads the merged library at each dictation's start (by a port). Signed
 * in as a clinician, both are kept in the service as dot phrases too (text-sync.ts).
 */
import { readFile } from 'node:fs/promises';
import { SerialQueue } from '../../base/async/serial.ts';
import type { Feature } from '../../core/ipc/feature.ts';
import type { HandlerSlice } from '../../core/ipc/handler-slice.ts';
import { textsHandlers } from './texts-handlers.ts';
import { join } from 'node:path';
import { formatOf, formatTexts, parseTexts, type ImportResult, type TextsFormat } from './text-formats.ts';
import {
  mergeTexts,
  readUserLibrary,
  readUserTexts,
  replaceByName,
  USER_TEXTS_FILE,
  writeUserTexts,
  type SpokenText,
  type Text,
} from './text-library.ts';
import { syncTexts, type PhraseTarget } from './text-service-sync.ts';

export type { PhraseStore, PhraseTarget } from './text-service-sync.ts';

/** What the Texts feature needs. */
export interface TextsDeps {
  readonly dataDir: string;
  /** The organization's Texts file (policy `dictationTextsFile`), read at each use; unset: none. */
  readonly organizationFile?: () => string | undefined;
  /** The clinician's dot phrases in the service; null (or absent): not signed in as a clinician now. */
  readonly phrases?: () => PhraseTarget | null;
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
  /** Changes the clinician's own Texts (one change at a time), then keeps them in the service. */
  edit(change: (mine: Text[]) => Text[]): Promise<void>;
  /**
   * Brings this computer's Texts and the service's together (text-sync.ts); false when there is no one
   * signed in or the service could not be reached (nothing lost: the next sync tries again).
   */
  sync(): Promise<boolean>;
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
  if (!deps) return { service: null, handlers: textsHandlers(null), events: null };
  const service = textsService(deps);
  return { service, handlers: textsHandlers(service), events: null };
}

function textsService(deps: TextsDeps): TextsService {
  const { dataDir } = deps;
  let last: readonly SpokenText[] = [];
  let reading: Promise<void> | null = null;
  const { files, sync } = syncing(deps);
  const feature: TextsService = {
    userFile: join(dataDir, USER_TEXTS_FILE),
    formatOf,
    async importFile(path, format) {
      return feature.importBytes(new Uint8Array(await readFile(path)), format);
    },
    async importBytes(bytes, format) {
      const result = parseTexts(bytes, format);
      await feature.edit((existing) => replaceByName(existing, result.texts));
      return result;
    },
    async exportUser(format) {
      return formatTexts(await readUserTexts(dataDir), format);
    },
    library: (onProblem) => readLibrary(deps, onProblem),
    current() {
      sync.soon();
      reading ??= feature
        .library()
        .then((texts) => void (last = texts))
        .finally(() => (reading = null));
      return last;
    },
    async edit(change) {
      // Read the library before writing: a file that is not ours is refused, never overwritten.
      await files(async () => {
        const { texts, owner } = await readUserLibrary(dataDir);
        await writeUserTexts(dataDir, change(texts), owner);
      });
      void sync.now();
    },
    sync: () => sync.now(),
  };
  return feature;
}

/** The merged library; an unreadable file counts as none, and is said. */
async function readLibrary(deps: TextsDeps, onProblem?: (which: 'user' | 'organization') => void) {
  const user = await readUserTexts(deps.dataDir).catch(() => (onProblem?.('user'), [] as Text[]));
  const file = deps.organizationFile?.();
  const organization = file
    ? await readOrganization(file).catch(() => (onProblem?.('organization'), []))
    : [];
  return mergeTexts(organization, user);
}

/** How often the library is brought together with the service unasked (at a dictation's start). */
const SYNC_EVERY_MS = 10 * 60_000;

/**
 * One change to the clinician's file at a time (the syncs' file steps included), one sync at a time, and
 * syncs: at once, or when due.
 */
function syncing(deps: TextsDeps) {
  const fileQueue = new SerialQueue();
  const syncQueue = new SerialQueue();
  const files = <T>(step: () => Promise<T>): Promise<T> => fileQueue.run(step);
  let lastTried = Number.NEGATIVE_INFINITY;
  let inFlight = 0;
  const organization = async (): Promise<Text[] | null> => {
    const file = deps.organizationFile?.();
    // No policy here (a home computer): IT's phrases are left as another computer's policy made them.
    return file ? readOrganization(file).catch(() => null) : null;
  };
  const now = async (): Promise<boolean> => {
    const target = deps.phrases?.();
    if (!target) return false;
    lastTried = Date.now();
    inFlight++;
    try {
      return await syncQueue.run(async () => syncTexts(deps.dataDir, target, await organization(), files));
    } catch {
      return false; // offline, signed out meanwhile, a file not ours: the next sync tries again
    } finally {
      inFlight--;
    }
  };
  const soon = () => void (inFlight === 0 && Date.now() - lastTried >= SYNC_EVERY_MS && now());
  return { files, sync: { now, soon } };
}

/** IT's file may be any format we import (a Dragon export as it is); what it cannot hold is left out. */
async function readOrganization(file: string): Promise<Text[]> {
  const format = formatOf(file);
  if (!format) throw new Error('not a Texts file');
  return parseTexts(new Uint8Array(await readFile(file)), format).texts;
}
