/**
 * The X11 CLIPBOARD for the CLI and tests, through `xclip` child processes.
 *
 * Why xclip: an X selection lives only as long as a client owns it and answers requests for it, so the
 * text must be served by a process, and for a copy it must outlive the CLI. `xclip` does exactly that (it
 * forks and serves until another owner takes over), handles large transfers (INCR), and in `-verbose` mode
 * reports each request it served — which tells us when the target has read our text, so the next write
 * never replaces it too early: a paste is several requests, and counts as read once they have stopped
 * (clipboard-reads.ts says how long "stopped" is). Doing the same over koffi would mean an Xlib event loop in Node for
 * SelectionRequest/INCR; the `x11` package could do it in JS but then the copy would die with the CLI.
 * xclip serves one format, so the KDE `x-kde-passwordManagerHint` marker cannot be offered beside the text
 * (no Linux clipboard manager standard exists anyway): writes report `transient: false`.
 * Speed: starting xclip (exec, dynamic linking, connecting to the display) was most of a paste's latency,
 * so the next writer is started once the target has read a write, and waits on its stdin until the next
 * paste; it takes the selection only once its stdin ends with our text. An unused spare is killed (close(), the
 * process's exit), never ended: an ended stdin would make it take the clipboard with nothing in it. It is kept
 * across a restore: the next phrase after a pause (the restore comes 800 ms after a paste) pastes through it.
 * For the same reason a snapshot is taken without reading the clipboard (two more xclip runs) when nobody
 * owns the selection (it is empty). What our last restore put back is read again: an owner's window id is no
 * proof, as the X server gives a new client's first window the id a client that left had.
 * In the app, Electron's clipboard is used instead (main/shells/electron/electron-insertion-clipboard.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { systemProgram } from '../../main/base/system-program.ts';
import type { ClipboardSnapshot, InsertionClipboard } from '../desktop.ts';
import { delay } from '../../main/base/async/delay.ts';
import { watchReads, type ReadHistory } from './clipboard-reads.ts';

const TEXT = 'UTF8_STRING';
const TIMEOUT_MS = 2000;
/** How long after the target read our text the next writer is started. */
const SPARE_AFTER_READ_MS = 20;

/** Runs xclip with `args`, feeding `input`; resolves its stdout (rejects on failure or timeout). */
function xclip(args: string[], input?: Uint8Array, env?: NodeJS.ProcessEnv): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Writing (-i), xclip forks a server that keeps the pipes it inherited: wait for exit, not close.
    const writing = args.includes('-i');
    const child = spawn(systemProgram('xclip'), ['-selection', 'clipboard', ...args], {
      stdio: ['pipe', writing ? 'ignore' : 'pipe', 'ignore'],
      env,
      detached: writing,
    });
    const out: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.stdout?.on('data', (b: Buffer) => out.push(b));
    child.on('error', reject);
    child.on(writing ? 'exit' : 'close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`xclip exited with ${code}`));
    });
    child.stdin!.end(input);
  });
}

/** Text-like targets, best first; image/png is kept when there is no text. */
function bestTarget(targets: string[]): string | undefined {
  for (const t of [TEXT, 'text/plain;charset=utf-8', 'STRING', 'text/plain', 'image/png']) {
    if (targets.includes(t)) return t;
  }
  return undefined;
}

/** The CLIPBOARD selection of the display in `env.DISPLAY`. */
export class XclipClipboard implements InsertionClipboard {
  #owner: ChildProcess | undefined;
  #ownerText: string | undefined;
  /** The next paste's xclip, started and waiting on its stdin. */
  #spare: ChildProcess | undefined;
  #prepareTimer: NodeJS.Timeout | undefined;
  /** What this run's pastes showed of how the target reads (one run pastes into one field). */
  #reads: ReadHistory = { requests: 0, longestGapMs: 0 };
  readonly #onExit = (): void => this.#killSpare();

  /**
   * `owner` (X11Desktop.clipboardOwner) tells when a new xclip really owns the selection: xclip announces
   * itself before its ownership reaches the server, and a paste sent in between would read the old owner.
   */
  constructor(
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly owner?: () => number,
  ) {
    process.on('exit', this.#onExit);
  }

  /** Waits until the selection's owner is no longer `previous`; throws after 1 s (never paste stale text). */
  async #ownerChangedFrom(previous: number | undefined): Promise<void> {
    if (!this.owner || previous === undefined) return;
    const end = Date.now() + 1000;
    while (Date.now() < end) {
      const now = this.owner();
      if (now !== 0 && now !== previous) return;
      await delay(1);
    }
    throw new Error('xclip did not take the clipboard');
  }

  async snapshot(): Promise<ClipboardSnapshot> {
    if (this.owner?.() === 0) return { entries: [] }; // nobody owns the selection: the clipboard is empty
    try {
      const targets = (await xclip(['-o', '-t', 'TARGETS'], undefined, this.env))
        .toString('utf8')
        .split('\n');
      const format = bestTarget(targets.map((t) => t.trim()));
      if (!format) return { entries: [] };
      const bytes = await xclip(['-o', '-t', format], undefined, this.env);
      return { entries: [{ format, bytes: new Uint8Array(bytes) }] };
    } catch {
      return { entries: [] }; // no owner: the clipboard is empty
    }
  }

  async writeTransient(
    text: string,
  ): Promise<{ transient: boolean; reading: Promise<void>; pasted: Promise<boolean> }> {
    // The previous xclip stays until the new one owns the selection: it exits by itself on losing it, and
    // while it lives the X server cannot hand its window id to the new one (a reused id would look unchanged).
    const previous = this.owner?.();
    const replaced = this.#owner;
    const child = this.#takeSpare();
    this.#owner = child;
    this.#ownerText = text;
    const reads = watchReads(child, this.#reads);
    void reads.showed.then((shown) => {
      if (shown.requests === 0) return; // nothing read: nothing learnt
      this.#reads = {
        requests: Math.max(this.#reads.requests, shown.requests),
        longestGapMs: Math.max(this.#reads.longestGapMs, shown.longestGapMs),
      };
    });
    child.stdin!.end(Buffer.from(text, 'utf8'));
    await reads.owning;
    await this.#ownerChangedFrom(previous);
    reads.owned();
    if (replaced && replaced.exitCode === null) replaced.kill();
    this.#prepareNext(reads.pasted);
    return { transient: false, reading: reads.reading, pasted: reads.pasted };
  }

  /**
   * Starts the next paste's writer once the target has read this text (or never will), a moment later:
   * started at once, it competed with the target for the CPU while the target pasted.
   */
  #prepareNext(pasted: Promise<boolean>): void {
    const owner = this.#owner;
    void pasted.then(() => {
      this.#prepareTimer = setTimeout(() => {
        if (this.#owner === owner && !this.#spare) this.#spare = this.#spawnWriter();
      }, SPARE_AFTER_READ_MS);
      this.#prepareTimer.unref();
    });
  }

  /** The waiting writer, or a new one when there is none (first paste) or it died. */
  #takeSpare(): ChildProcess {
    const spare = this.#spare;
    this.#spare = undefined;
    if (spare?.pid !== undefined && spare.exitCode === null && spare.signalCode === null) return spare;
    return this.#spawnWriter();
  }

  /** An xclip that serves UTF8_STRING once its stdin ends, reporting each request it served. */
  #spawnWriter(): ChildProcess {
    const child = spawn(systemProgram('xclip'), ['-selection', 'clipboard', '-i', '-t', TEXT, '-verbose'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: this.env,
    });
    child.on('error', () => undefined); // a spare that failed to start is replaced on use
    return child;
  }

  /** Kills the waiting writer (never ends its stdin: it would take the clipboard, empty). */
  #killSpare(): void {
    clearTimeout(this.#prepareTimer);
    this.#spare?.kill('SIGKILL');
    this.#spare = undefined;
  }

  async readText(): Promise<string | undefined> {
    try {
      return (await xclip(['-o', '-t', TEXT], undefined, this.env)).toString('utf8');
    } catch {
      return undefined;
    }
  }

  async restore(snapshot: ClipboardSnapshot): Promise<void> {
    const entry = snapshot.entries[0];
    if (!entry) {
      this.#stopOwner(); // it was empty: leave it without an owner again
      return;
    }
    await this.#serveDetached(entry.format, entry.bytes);
  }

  /** Text we wrote stays available after we exit: a detached xclip takes over from our child. */
  async close(): Promise<void> {
    this.#killSpare();
    process.off('exit', this.#onExit);
    const child = this.#owner;
    if (!child || child.exitCode !== null || this.#ownerText === undefined) return;
    await this.#serveDetached(TEXT, Buffer.from(this.#ownerText, 'utf8'));
  }

  /** A forking xclip (its server process outlives us) serves `bytes` as `format`. */
  async #serveDetached(format: string, bytes: Uint8Array): Promise<void> {
    const previous = this.owner?.();
    await xclip(['-i', '-t', format], bytes, this.env);
    await this.#ownerChangedFrom(previous);
    this.#stopOwner();
  }

  #stopOwner(): void {
    if (this.#owner && this.#owner.exitCode === null) this.#owner.kill();
    this.#owner = undefined;
    this.#ownerText = undefined;
  }
}
