/** The test side of helpers/file-holder.ts: a second Windows process that locks or holds files. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';

/** A running file-holder process. */
export class FileHolder {
  readonly #child: ChildProcess;
  readonly #waiting: Array<(line: string) => void> = [];

  private constructor(child: ChildProcess) {
    this.#child = child;
    createInterface({ input: child.stdout! }).on('line', (line) => this.#waiting.shift()?.(line));
  }

  static async start(): Promise<FileHolder> {
    const script = join(__dirname, 'helpers', 'file-holder.cjs');
    const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'ignore'] });
    const holder = new FileHolder(child);
    const ready = await holder.#next();
    if (ready !== 'ready') throw new Error(`file holder said ${ready}`);
    return holder;
  }

  get pid(): number {
    return this.#child.pid!;
  }

  #next(): Promise<string> {
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Sends one command; resolves its one-line answer. */
  ask(command: string): Promise<string> {
    const answer = this.#next();
    this.#child.stdin!.write(`${command}\n`);
    return answer;
  }

  /** Ends the process the hard way (TerminateProcess): no release, no cleanup. */
  async kill(): Promise<void> {
    const exited = new Promise((resolve) => this.#child.once('exit', resolve));
    this.#child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.#child.once('exit', resolve));
    this.#child.stdin!.end();
    this.#child.kill();
    await exited;
  }
}
