/**
 * Real X11 parts for the insertion tests: a private Xvfb display (so no other test's keys or focus changes
 * reach it) with openbox as window manager, Tk text fields in their own processes (test/fixtures/x11/
 * field.tcl) that report every change of their content, and the clipboard through xclip.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { until, WAIT_LIMIT_MS } from '../../../harness/until.ts';
import type { X11Desktop } from '../../../../native/x11/x11-desktop.ts';
import type { TargetWindow } from '../../../../native/desktop.ts';

const run = promisify(execFile);
/** A fixture program of test/fixtures/x11/ (the fields other applications stand for). */
export const x11Fixture = (name: string): string =>
  join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'fixtures', 'x11', name);
const FIELD_SCRIPT = x11Fixture('field.tcl');

/** The tests' one wait (test/harness/until.ts), here for the X11 tests and benchmarks that import it. */
export { until };

/** A private X display with a window manager. */
export interface TestDisplay {
  readonly display: string;
  readonly env: NodeJS.ProcessEnv;
  /** Runs an X client (xdotool, xclip) on this display. */
  x(command: string, args: string[], input?: string): Promise<string>;
  close(): void;
}

/**
 * Starts Xvfb (a free display number) and openbox, ready for EWMH requests. Auto-repeat is off (`-r`): the
 * X server repeats a key whose release it has not processed 660 ms after its press, which an Xvfb starved of
 * CPU beside a loaded suite can do between our fake press and release (two Left repeats would select two
 * characters too many: 'Patienwas stable.'). Windows and macOS never repeat injected keys; on a Linux
 * desktop it is a known risk (docs/dictation-insertion.md).
 */
export async function startDisplay(): Promise<TestDisplay> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp', '-r'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const number = await new Promise<string>((resolve, reject) => {
    let out = '';
    xvfb.stdio[3]!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    xvfb.once('exit', () => reject(new Error('Xvfb exited')));
  });
  const display = `:${number}`;
  const env = { ...process.env, DISPLAY: display };
  const wm = spawn('openbox', ['--sm-disable'], { env, stdio: 'ignore' });
  const x = async (command: string, args: string[], input?: string): Promise<string> => {
    const child = run(command, args, { env });
    if (input !== undefined) child.child.stdin?.end(input);
    return (await child).stdout;
  };
  await windowManagerReady(env, wm);
  return {
    display,
    env,
    x,
    close() {
      wm.kill();
      xvfb.kill();
    },
  };
}

/**
 * Resolves once openbox advertises EWMH on the root window. `xprop -spy` prints the root's properties, then
 * again on each change: one process, no polling, and no deadline of its own (the hook's time limit is the
 * budget; a loaded machine can take many seconds to start openbox). Rejects at once if openbox exits.
 */
async function windowManagerReady(env: NodeJS.ProcessEnv, wm: ChildProcess): Promise<void> {
  const spy = spawn('xprop', ['-root', '-spy'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      spy.stdout.on('data', (b: Buffer) => {
        out += b.toString();
        if (/_NET_SUPPORTING_WM_CHECK\(WINDOW\): window id/.test(out)) resolve();
        out = out.slice(-200); // a line cut between two reads
      });
      spy.once('exit', () => reject(new Error('xprop -spy exited before openbox was ready')));
      wm.once('exit', () => reject(new Error('openbox exited before it was ready')));
    });
  } finally {
    spy.kill();
  }
}

/** A Tk text field in its own process; `text` is always what the field holds. */
export class TkField {
  text = '';
  /** Every content the field reported, in order. */
  readonly history: string[] = [];
  /** performance.now() of the last change seen. */
  changedAt = 0;
  #ready = false;
  /** How many "focus" requests the field has carried out (its "FOCUSED" replies). */
  #focused = 0;

  private constructor(
    readonly title: string,
    private readonly child: ChildProcess,
  ) {
    let buffer = '';
    child.stdout!.on('data', (b: Buffer) => {
      buffer += b.toString();
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line === 'READY') this.#ready = true;
        if (line === 'FOCUSED') this.#focused++;
        if (line.startsWith('TEXT ')) {
          this.text = Buffer.from(line.slice(5), 'base64').toString('utf8');
          this.history.push(this.text);
          this.changedAt = performance.now();
        }
      }
    });
  }

  /** Opens a field window titled `title`; it takes focus. */
  static async open(display: TestDisplay, title: string): Promise<TkField> {
    const child = spawn('wish', [FIELD_SCRIPT, title], {
      env: display.env,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const field = new TkField(title, child);
    await until(() => field.#ready, `${title} to open`);
    return field;
  }

  /**
   * Gives the field focus through the window manager, as a click would; resolves once Tk has given its text
   * widget the focus (its "FOCUSED" reply), so keys sent next go to the widget, not to a window still taking it.
   */
  async focus(
    display: TestDisplay,
    desktop?: Pick<X11Desktop, 'activeWindow'>,
  ): Promise<TargetWindow | undefined> {
    await display.x('xdotool', ['search', '--name', `^${this.title}$`, 'windowactivate', '--sync']);
    const asked = this.#focused + 1;
    this.child.stdin!.write('focus\n');
    await until(() => this.#focused >= asked, `${this.title} to take the focus`);
    if (!desktop) return undefined;
    const ids = (await display.x('xdotool', ['search', '--name', `^${this.title}$`]))
      .split(/\s+/)
      .filter(Boolean);
    return activeWindowOf(desktop, (w) => ids.includes(w.id), this.title);
  }

  /** Stops the field's process (SIGSTOP): it reads nothing until `resume`, as a very busy application. */
  pause(): void {
    this.child.kill('SIGSTOP');
  }

  resume(): void {
    this.child.kill('SIGCONT');
  }

  /**
   * Stops the field; resolves once its process is gone, so its window is too: a field opened next under the
   * same title is then the only one `focus` finds.
   */
  close(): Promise<void> {
    const gone =
      this.child.exitCode !== null || this.child.signalCode !== null
        ? Promise.resolve()
        : new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGCONT');
    this.child.kill();
    return gone;
  }
}

/**
 * The desktop's active window once `is` says it is the one wanted: the window manager sets _NET_ACTIVE_WINDOW a moment
 * after xdotool's --sync (which waits for the X focus) returns, and a dictation started before that captures
 * the window before (its per-application rule then does not match).
 */
async function activeWindowOf(
  desktop: Pick<X11Desktop, 'activeWindow'>,
  is: (window: TargetWindow) => boolean,
  what: string,
): Promise<TargetWindow> {
  const end = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const active = await desktop.activeWindow();
    if (active && is(active)) return active;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what} to be the active window`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Sets the CLIPBOARD to `text` (served by a background xclip). */
export async function setClipboard(display: TestDisplay, text: string): Promise<void> {
  // xclip forks a server that keeps inherited pipes open: wait for the parent's exit only.
  const child = spawn('xclip', ['-selection', 'clipboard', '-i'], {
    env: display.env,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  child.stdin!.end(text);
  await new Promise((resolve) => child.once('exit', resolve));
  // xclip asks for the selection (buffered by Xlib) and forks: the request reaches the server only when the
  // forked server first waits for events, after the parent exited. Until then it is not the clipboard's.
  const end = Date.now() + WAIT_LIMIT_MS;
  while ((await readClipboard(display)) !== text) {
    if (Date.now() > end) throw new Error('timed out waiting for the copy to own the clipboard');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The CLIPBOARD's text, or undefined when it has no owner. */
export async function readClipboard(display: TestDisplay): Promise<string | undefined> {
  return display.x('xclip', ['-selection', 'clipboard', '-o']).catch(() => undefined);
}
