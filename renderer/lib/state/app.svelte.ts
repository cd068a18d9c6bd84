/** App-wide state: which screen is shown, and the connection to the service (as main pushes it). */
import type {
  ConnectionStatus,
  ConnectRequest,
  IpcError,
  IpcResult,
} from '../../../preload/contract/index.ts';
import { scribe, settle } from '../api.ts';

/** The screens, in the order of the tabs (their names: preload/words, `ui().frame.screen`). */
export const SCREENS = ['connect', 'visit', 'note', 'codes', 'dictation', 'texts', 'settings'] as const;
export type ScreenId = (typeof SCREENS)[number];

/** Screen and connection state. */
export class AppState {
  #screen = $state<ScreenId>('connect');
  #writeNote = $state(false);
  #status = $state.raw<ConnectionStatus | null>(null);
  #error = $state.raw<IpcError | null>(null);
  #busy = $state(false);
  #signingIn = $state(false);
  #off: (() => void) | null = null;

  get screen(): ScreenId {
    return this.#screen;
  }
  get status(): ConnectionStatus | null {
    return this.#status;
  }
  get error(): IpcError | null {
    return this.#error;
  }
  get busy(): boolean {
    return this.#busy;
  }
  /** A sign-in with the organization waits for the person in the browser. */
  get signingIn(): boolean {
    return this.#signingIn;
  }
  get connected(): boolean {
    return this.#status !== null && this.#status.mode !== 'none';
  }
  get sample(): boolean {
    return this.#status?.mode === 'sample';
  }

  /** The Note screen was opened to write the note (the Visit screen's "Write the note"), not only to show it. */
  get writeNote(): boolean {
    return this.#writeNote;
  }

  /** Shows `screen`; `writeNote` when it is the Note screen opened to write the note. */
  go(screen: ScreenId, writeNote = false): void {
    this.#screen = screen;
    this.#writeNote = writeNote;
  }

  /** Follows main's `connect:status` pushes and reads the status once; connected → the Visit screen. */
  async load(): Promise<void> {
    let pushed = false;
    this.#off =
      scribe()?.onConnectStatus((status) => {
        pushed = true;
        this.#status = status;
      }) ?? null;
    const first = await settle(() => scribe().connectStatus());
    if (!first.ok) this.#error = first.error;
    else if (!pushed) this.#status = first.data;
    if (this.connected) this.#screen = 'visit';
  }

  /** Stops following the pushes. */
  unload(): void {
    this.#off?.();
    this.#off = null;
  }

  // Commands: main answers accepted or refused; the status they change arrives as the push.
  configure(request: ConnectRequest): Promise<boolean> {
    return this.#send(() => scribe().connectConfigure(request));
  }

  /** Connects to the built-in sample service; then the Visit screen, unless `stay` (the sample dictation). */
  async useSample(options: { stay?: boolean } = {}): Promise<boolean> {
    const done = await this.#send(() => scribe().connectSample());
    if (done && !options.stay) this.#screen = 'visit';
    return done;
  }

  /** "Sign in with your organization": the system browser opens; resolves once signed in or failed. */
  async signIn(): Promise<boolean> {
    this.#signingIn = true;
    try {
      return await this.#send(() => scribe().connectSignIn());
    } finally {
      this.#signingIn = false;
    }
  }

  /** Stops waiting for the browser; the pending sign-in then ends as cancelled. */
  async cancelSignIn(): Promise<void> {
    await settle(() => scribe().connectCancelSignIn());
  }

  /** A refusal the window makes itself before sending anything (e.g. a field left empty on Connect). */
  refuse(error: IpcError): void {
    this.#error = error;
  }

  check(): Promise<boolean> {
    return this.#send(() => scribe().connectCheck());
  }

  disconnect(): Promise<boolean> {
    return this.#send(() => scribe().connectDisconnect());
  }

  async #send(call: () => Promise<IpcResult<unknown>>): Promise<boolean> {
    this.#busy = true;
    this.#error = null;
    const result = await settle(call);
    this.#busy = false;
    if (!result.ok) this.#error = result.error;
    return result.ok;
  }
}
