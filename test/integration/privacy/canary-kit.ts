/**
 * Canary kit for the privacy tests: canary strings that stand for patient data, a local-service recognizer
 * that puts them into every transcript item and dictated unit, a capture of everything the process writes
 * (console, stdout/stderr, process warnings), a dump of everything an error says (cause chain included),
 * and a reader of the files a component left on disk. Every check is case-insensitive, because dictation
 * capitalises words and error messages lower-case names.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { vi } from 'vitest';
import { DEFAULT_FIXTURES_DIR } from '../../../main/programs/local-service/index.ts';
import {
  createFixtureRecognizer,
  loadFixtureManifest,
  type RecognitionTrack,
  type Recognizer,
} from '../../../main/programs/local-service/ws/index.ts';

/** The token every canary contains; nothing else in the project spells it. */
export const CANARY = 'zq7canary';
/** Spoken in every transcript item and dictated unit (no punctuation words, so dictation keeps it). */
export const CANARY_PHRASE = `Zelda ${CANARY} Quist born nineteen fifty seven`;
/** What a careless service might echo in an error frame. */
export const CANARY_ERROR = `Patient Zelda ${CANARY}-err Quist said chest pain`;
/** A bearer token that is itself a canary (tokens must never be shown either). */
export const CANARY_TOKEN = `tok-${CANARY}-secret`;

const CANARY_RE = new RegExp(CANARY, 'i');

/** True when `text` holds a canary in any letter case. */
export function hasCanary(text: string): boolean {
  return CANARY_RE.test(text);
}

/** True when `bytes` hold a canary as UTF-8, UTF-16 or base64 (how a careless writer might store it). */
export function bytesHaveCanary(bytes: Buffer): boolean {
  const latin1 = bytes.toString('latin1');
  if (hasCanary(latin1)) return true; // UTF-8 (the canary is ASCII), any case
  if (bytes.includes(Buffer.from(CANARY, 'utf16le'))) return true;
  return base64Forms(CANARY).some((form) => latin1.includes(form));
}

/** The base64 text `s` becomes at each of the three byte alignments (edge characters dropped). */
export function base64Forms(s: string): string[] {
  return [0, 1, 2].map((pad) => {
    const encoded = Buffer.concat([Buffer.alloc(pad), Buffer.from(s)]).toString('base64');
    const first = Math.ceil(((pad + 1) * 4) / 3);
    const last = Math.floor(((pad + s.length) * 4) / 3) - 1;
    return encoded.slice(first, last);
  });
}

/** Hooks a test sets to act when the recognizer produces text (e.g. break the stream right after). */
export interface CanaryHooks {
  /** Called (once per call to collect) when at least one final segment was produced. */
  onFinal?: () => void;
}

/**
 * A recognizer over the bundled fixtures that puts CANARY_PHRASE in front of every segment it reports
 * (partials and finals alike), so patient-like text flows through every path the real text takes.
 */
export function canaryRecognizer(hooks: CanaryHooks = {}): Recognizer {
  let base: Recognizer | undefined;
  return {
    openTrack(): RecognitionTrack {
      base ??= createFixtureRecognizer({ fixtures: loadFixtureManifest(DEFAULT_FIXTURES_DIR) });
      const track = base.openTrack();
      return {
        push: (samples) => track.push(samples),
        collect: (count) => {
          const segments = track.collect(count).map((s) => ({ ...s, text: `${CANARY_PHRASE} ${s.text}` }));
          if (segments.some((s) => s.isFinal)) hooks.onFinal?.();
          return segments;
        },
      };
    },
  };
}

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'table'] as const;

/**
 * Captures everything this process writes while active: every console method, process.stdout and
 * process.stderr writes, and process warnings. Nothing is passed through.
 */
export class OutputCapture {
  readonly #chunks: string[] = [];
  readonly #markers = new Map<string, () => void>();
  readonly #onWarning = (warning: Error): void => {
    const marker = this.#markers.get(warning.message);
    if (marker) return marker();
    this.#chunks.push(`[warning] ${describeError(warning)}`);
  };

  start(): this {
    for (const method of CONSOLE_METHODS) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        this.#chunks.push(
          `[console.${method}] ${args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 8 }))).join(' ')}`,
        );
      });
    }
    for (const stream of ['stdout', 'stderr'] as const) {
      vi.spyOn(process[stream], 'write').mockImplementation((chunk: unknown) => {
        this.#chunks.push(`[${stream}] ${Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk)}`);
        return true;
      });
    }
    process.on('warning', this.#onWarning);
    return this;
  }

  /**
   * Resolves once every process warning emitted before the call has landed here: a marker warning goes
   * through the same ordered queue (process.nextTick) and is waited for. Not captured itself.
   */
  async settle(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve)); // one turn for I/O callbacks already due
    const marker = `output-capture-marker-${this.#markers.size}`;
    await new Promise<void>((resolve) => {
      this.#markers.set(marker, resolve);
      process.emitWarning(marker);
    });
  }

  stop(): void {
    vi.restoreAllMocks();
    process.off('warning', this.#onWarning);
  }

  /** Everything captured so far, one entry per write. */
  get text(): string {
    return this.#chunks.join('\n');
  }
}

/** Everything an error (or any thrown value) says: message, stack, props, JSON, inspect, every cause. */
export function describeError(error: unknown, depth = 0): string {
  if (depth > 10) return '';
  if (!(error instanceof Error)) return `${inspect(error, { depth: 8 })}\n${safeJson(error)}`;
  const e = error as Error & { cause?: unknown; errors?: unknown[]; summary?: () => string };
  const parts = [
    e.name,
    e.message,
    String(e),
    e.stack ?? '',
    typeof e.summary === 'function' ? e.summary() : '',
    safeJson(e),
    inspect(e, { depth: 8, showHidden: true }),
    ...Object.entries(e).map(([k, v]) => `${k}=${typeof v === 'string' ? v : inspect(v, { depth: 4 })}`),
  ];
  if (e.cause !== undefined) parts.push(describeError(e.cause, depth + 1));
  for (const inner of Array.isArray(e.errors) ? e.errors : []) parts.push(describeError(inner, depth + 1));
  return parts.join('\n');
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** A file left on disk: its path relative to the root, its bytes and its permission bits. */
export interface DiskEntry {
  readonly path: string;
  readonly kind: 'file' | 'dir';
  readonly mode: number;
  readonly bytes: Buffer;
}

/** Every file and folder under `root` (the root itself included), with permission bits. */
export async function readTree(root: string, relative = ''): Promise<DiskEntry[]> {
  const full = join(root, relative);
  const info = await stat(full);
  if (!info.isDirectory())
    return [{ path: relative, kind: 'file', mode: info.mode & 0o777, bytes: await readFile(full) }];
  const entries: DiskEntry[] = [
    { path: relative || '.', kind: 'dir', mode: info.mode & 0o777, bytes: Buffer.alloc(0) },
  ];
  for (const name of (await readdir(full)).sort())
    entries.push(...(await readTree(root, join(relative, name))));
  return entries;
}
