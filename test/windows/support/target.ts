/**
 * The test side of helpers/target-window.ts: starts that helper as a separate Windows process (the same
 * Windows Node), and asks it over a loopback socket for its windows' text, the foreground window and the
 * clipboard as another application sees them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { join } from 'node:path';

/** A window of the helper process. */
export interface TargetWindowHandle {
  readonly hwnd: number;
  readonly pid: number;
}

/** The clipboard as the other process reads it. */
export interface ClipboardView {
  readonly text: string | null;
  /** Marker format name → its bytes in hex ('' when empty), null when absent. */
  readonly markers: Record<string, string | null>;
}

/** A running helper process. */
export class TargetProcess {
  readonly #socket: Socket;
  readonly #child: ChildProcess;
  readonly #waiting: Array<(reply: Record<string, unknown>) => void> = [];

  private constructor(socket: Socket, child: ChildProcess) {
    this.#socket = socket;
    this.#child = child;
    createInterface({ input: socket }).on('line', (line) => this.#waiting.shift()?.(JSON.parse(line)));
  }

  /** Starts the helper (bundled beside the tests as helpers/target-window.cjs). */
  static async start(): Promise<TargetProcess> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const script = join(__dirname, 'helpers', 'target-window.cjs');
    const child = spawn(process.execPath, [script, String(port)], { stdio: 'ignore' });
    const socket = await new Promise<Socket>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the target process did not connect')), 20_000);
      server.once('connection', (s) => {
        clearTimeout(timer);
        resolve(s);
      });
      child.once('exit', (code) => reject(new Error(`the target process exited (${code})`)));
    });
    server.close();
    return new TargetProcess(socket, child);
  }

  async #ask(request: Record<string, unknown>): Promise<Record<string, unknown>> {
    const reply = new Promise<Record<string, unknown>>((resolve) => this.#waiting.push(resolve));
    this.#socket.write(`${JSON.stringify(request)}\n`);
    const r = await reply;
    if (r.ok !== true) throw new Error(`target: ${String(r.error)}`);
    return r;
  }

  async open(
    kind: 'edit' | 'richedit' | 'password' | 'readonly' | 'single-line',
    title = 'Target field',
  ): Promise<TargetWindowHandle> {
    const r = await this.#ask({ op: 'open', kind, title });
    return { hwnd: r.hwnd as number, pid: r.pid as number };
  }

  /** The window's text, line ends as '\n' (EDIT keeps CRLF, RichEdit CR). */
  async text(w: TargetWindowHandle): Promise<string> {
    const r = await this.#ask({ op: 'text', hwnd: w.hwnd });
    return (r.text as string).replace(/\r\n?/g, '\n');
  }

  /** Sets the control's text (SetWindowTextW) and puts the caret at its start. */
  async setText(w: TargetWindowHandle, text: string): Promise<void> {
    await this.#ask({ op: 'setText', hwnd: w.hwnd, text });
  }

  /**
   * The selected text, read by the control's own process (EM_GETSEL over WM_GETTEXT): a RichEdit counts a
   * line break as one where its WM_GETTEXT gives CR LF.
   */
  async selected(w: TargetWindowHandle, kind: 'edit' | 'richedit'): Promise<string> {
    const { raw, start, end } = await this.#selection(w, kind);
    return raw.slice(start, end);
  }

  /** The text before the caret (or before the selection's start), counted as {@link selected} counts. */
  async beforeCaret(w: TargetWindowHandle, kind: 'edit' | 'richedit'): Promise<string> {
    const { raw, start } = await this.#selection(w, kind);
    return raw.slice(0, start);
  }

  /** The control's text as its EM_GETSEL offsets count it, and those offsets. */
  async #selection(w: TargetWindowHandle, kind: 'edit' | 'richedit') {
    const r = await this.#ask({ op: 'selection', hwnd: w.hwnd });
    const raw = kind === 'richedit' ? (r.raw as string).replace(/\r\n/g, '\r') : (r.raw as string);
    return { raw, start: r.start as number, end: r.end as number };
  }

  /** Brings the window to the front from its own process; returns the foreground window after. */
  async focus(w: TargetWindowHandle): Promise<number> {
    return (await this.#ask({ op: 'focus', hwnd: w.hwnd })).foreground as number;
  }

  async foreground(): Promise<number> {
    return (await this.#ask({ op: 'foreground' })).foreground as number;
  }

  async clipboard(): Promise<ClipboardView> {
    const r = await this.#ask({ op: 'clipboard' });
    return { text: r.text as string | null, markers: r.markers as Record<string, string | null> };
  }

  async setClipboard(text: string): Promise<void> {
    await this.#ask({ op: 'setClipboard', text });
  }

  /** Starts noting when the window's text changes (checked every millisecond in the other process). */
  async watch(w: TargetWindowHandle): Promise<void> {
    await this.#ask({ op: 'watch', hwnd: w.hwnd });
  }

  /** The watched window's text and when it last changed (epoch ms: performance.timeOrigin + now()). */
  async changed(): Promise<{ text: string; at: number }> {
    const r = await this.#ask({ op: 'changed' });
    return { text: (r.text as string).replace(/\r\n?/g, '\n'), at: r.at as number };
  }

  async close(w: TargetWindowHandle): Promise<void> {
    await this.#ask({ op: 'close', hwnd: w.hwnd });
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.#child.once('exit', resolve));
    await this.#ask({ op: 'exit' }).catch(() => undefined);
    this.#socket.destroy();
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    this.#child.kill();
  }
}

/** Polls `read` until it returns `want` or `ms` pass; returns the last value read. */
export async function eventually<T>(read: () => Promise<T>, want: T, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  let last = await read();
  while (last !== want && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 25));
    last = await read();
  }
  return last;
}
