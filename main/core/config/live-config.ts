/**
 * The resolved configuration while the app runs: IT may change the policy at any time (a new profile, a
 * Group Policy refresh, an edited file), and the app follows without a restart. Policy files and plists are
 * watched (their folders, as tools replace files rather than write them in place) and everything is read
 * again at an interval too, which is how the Windows registry is noticed. A reload that fails (a policy
 * half-written, or broken) keeps the last good configuration and reports the problem; nothing is relaxed.
 */
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { Emitter, reportListenerError } from '../../base/async/emitter.ts';
import { SerialQueue } from '../../base/async/serial.ts';
import type { Config, ConfigKey } from './config-schema.ts';
import type { ConfigProblem, ConfigSource, ResolveResult } from './resolve-config.ts';

/** A successfully resolved configuration. */
export type Resolved = Extract<ResolveResult, { ok: true }>;

/** What the app reads of the live configuration. */
export interface LiveConfigPort {
  current(): Resolved;
  /** Called after every change of the resolved values, their sources or locks. */
  onDidChange(listener: (resolved: Resolved) => void): () => void;
}

/** A configuration that never changes (tests, the CLI). */
export function fixedConfig(resolved: {
  config: Config;
  locked: readonly ConfigKey[];
  sources?: Record<ConfigKey, ConfigSource>;
}): LiveConfigPort {
  const value: Resolved = {
    ok: true,
    config: resolved.config,
    locked: [...resolved.locked],
    sources: resolved.sources ?? ({} as Record<ConfigKey, ConfigSource>),
    ignored: [],
  };
  return { current: () => value, onDidChange: () => () => undefined };
}

export interface LiveConfigOptions {
  /** Resolves the configuration again (loadConfig with the same options). */
  load: () => Promise<ResolveResult>;
  /** Files whose change means the policy may have changed (policy.json, managed-preferences plists). */
  watchFiles: readonly string[];
  /** How often everything is read again regardless (the registry cannot be watched from Node). */
  pollMs?: number;
  /** A reload failed: the last good configuration stays. */
  onDidFail?: (errors: readonly ConfigProblem[]) => void;
}

const DEBOUNCE_MS = 150;

/** The live configuration: start() begins watching, close() stops. */
export class LiveConfig implements LiveConfigPort {
  #resolved: Resolved;
  readonly #options: LiveConfigOptions;
  readonly #changed = new Emitter<Resolved>();
  readonly #watchers: FSWatcher[] = [];
  #timer: NodeJS.Timeout | undefined;
  #debounce: NodeJS.Timeout | undefined;
  readonly #reloads = new SerialQueue();

  constructor(initial: Resolved, options: LiveConfigOptions) {
    this.#resolved = initial;
    this.#options = options;
  }

  current(): Resolved {
    return this.#resolved;
  }

  onDidChange(listener: (resolved: Resolved) => void): () => void {
    return this.#changed.on(listener);
  }

  start(): void {
    const byDir = new Map<string, Set<string>>();
    for (const file of this.#options.watchFiles) {
      const names = byDir.get(dirname(file)) ?? new Set<string>();
      byDir.set(dirname(file), names.add(basename(file)));
    }
    for (const [dir, names] of byDir) {
      try {
        const watcher = watch(dir, { persistent: false }, (_event, name) => {
          if (name === null || names.has(name.toString())) this.#soon();
        });
        watcher.on('error', () => watcher.close());
        this.#watchers.push(watcher);
      } catch {
        // The folder does not exist (no policy deployed yet): the interval still notices one later.
      }
    }
    const pollMs = this.#options.pollMs ?? 60_000;
    this.#timer = setInterval(() => this.#reloadInBackground(), pollMs);
    this.#timer.unref?.();
  }

  /**
   * Reads everything again; listeners hear of it only when something changed. Reloads never overlap, and
   * one that failed (or a listener that threw) never stops the later ones: IT's next change still applies.
   */
  reload(): Promise<void> {
    return this.#reloads.run(() => this.#reload());
  }

  close(): void {
    for (const watcher of this.#watchers.splice(0)) watcher.close();
    clearInterval(this.#timer);
    clearTimeout(this.#debounce);
  }

  #soon(): void {
    clearTimeout(this.#debounce);
    this.#debounce = setTimeout(() => this.#reloadInBackground(), DEBOUNCE_MS);
    this.#debounce.unref?.();
  }

  async #reload(): Promise<void> {
    let next: ResolveResult;
    try {
      next = await this.#options.load();
    } catch {
      return;
    }
    if (!next.ok) {
      this.#options.onDidFail?.(next.errors);
      return;
    }
    if (fingerprint(next) === fingerprint(this.#resolved)) return;
    this.#resolved = next;
    this.#changed.emit(next);
  }

  /** A reload nobody awaits (a timer's): a failure in it (an onDidFail that threw) is reported, not lost. */
  #reloadInBackground(): void {
    this.reload().catch(reportListenerError);
  }
}

function fingerprint(resolved: Resolved): string {
  return JSON.stringify([resolved.config, resolved.locked, resolved.sources]);
}
