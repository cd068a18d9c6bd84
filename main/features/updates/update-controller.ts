/**
 * Runs the update decisions (update-policy.ts) against an updater port, one step per tick. The shell ticks
 * it every few minutes and when someone stops being busy; the person's "restart to update" is
 * requestInstall(). Plain Node: the electron-updater adapter is behind UpdaterPort.
 */
import {
  decide,
  type UpdateAction,
  type UpdatePhase,
  type UpdatePolicy,
} from '../../core/config/update-policy.ts';

/** What the controller needs from electron-updater (updater-port.ts implements it). */
export interface UpdaterPort {
  /** Reads the feed: the newer version offered, or null when this one is current. */
  check(): Promise<string | null>;
  /** Downloads the offered version; rejects when its checksum or signature does not verify. */
  download(): Promise<void>;
  /** Quits and runs the installer (silently), which starts the app again. */
  install(): void;
}

/** Who can say "do not restart now": the visit recorder, the dictation controller. */
export class BusySignals {
  readonly #probes = new Map<string, () => boolean>();

  /** Registers a probe; returns its removal. */
  add(name: string, isBusy: () => boolean): () => void {
    this.#probes.set(name, isBusy);
    return () => this.#probes.delete(name);
  }

  /** The names of what is busy now. */
  busy(): string[] {
    return [...this.#probes].filter(([, isBusy]) => isBusy()).map(([name]) => name);
  }
}

/** What the app may show about updates. */
export interface UpdateStatus {
  readonly phase: UpdatePhase;
  readonly version: string | null;
  /** The last failure's code (e.g. ERR_CHECKSUM_MISMATCH), never a message. */
  readonly lastError: string | null;
}

/** Options of the controller. */
export interface UpdateControllerOptions {
  readonly policy: UpdatePolicy;
  readonly updater: UpdaterPort;
  readonly busy: BusySignals;
  readonly now?: () => Date;
  readonly onDidChange?: (status: UpdateStatus) => void;
}

/** Drives one update at a time. */
export class UpdateController {
  readonly #options: UpdateControllerOptions;
  #phase: UpdatePhase = 'idle';
  #version: string | null = null;
  #lastCheckAt: number | null = null;
  #lastError: string | null = null;
  #installRequested = false;

  constructor(options: UpdateControllerOptions) {
    this.#options = options;
  }

  get status(): UpdateStatus {
    return { phase: this.#phase, version: this.#version, lastError: this.#lastError };
  }

  /** Decides and carries out the next step; returns what was decided. */
  async tick(): Promise<UpdateAction> {
    const now = this.#now();
    const action = decide(
      this.#options.policy,
      {
        phase: this.#phase,
        lastCheckAt: this.#lastCheckAt,
        busy: this.#options.busy.busy(),
        installRequested: this.#installRequested,
      },
      now,
    );
    if (action.do === 'check') await this.#check(now);
    else if (action.do === 'download') await this.#download();
    else if (action.do === 'install') this.#install();
    return action;
  }

  /** The person chose to restart now: installs unless someone is busy (then at the next idle tick). */
  requestInstall(): Promise<UpdateAction> {
    this.#installRequested = true;
    return this.tick();
  }

  async #check(now: Date): Promise<void> {
    this.#lastCheckAt = now.getTime();
    this.#set('checking');
    try {
      this.#version = await this.#options.updater.check();
      this.#lastError = null;
      this.#set(this.#version ? 'available' : 'idle');
    } catch (error) {
      this.#fail(error);
    }
  }

  async #download(): Promise<void> {
    this.#set('downloading');
    try {
      await this.#options.updater.download();
      this.#set('downloaded');
    } catch (error) {
      // Nothing unverified is kept; the next check (an interval later) tries again.
      this.#version = null;
      this.#fail(error);
    }
  }

  #install(): void {
    this.#set('installing');
    this.#options.updater.install();
  }

  #fail(error: unknown): void {
    const code = (error as { code?: unknown }).code;
    this.#lastError = typeof code === 'string' ? code : 'update_failed';
    this.#set('idle');
  }

  #set(phase: UpdatePhase): void {
    this.#phase = phase;
    this.#options.onDidChange?.(this.status);
  }

  #now(): Date {
    return this.#options.now?.() ?? new Date();
  }
}
