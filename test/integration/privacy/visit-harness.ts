/**
 * The visit services as the app wires them (composeFeatures and its handlers, the IPC router with the app's
 * sender rule) over the local service, for the privacy tests: the connector's fetch can make the service
 * echo a canary in an error body, the clipboard records (or refuses) writes, preferences live in the real
 * settings store (openNodeSettingsStore in a temp folder), and every event and router report is kept.
 */
import type { AudioFrame, AudioSource } from '../../../main/core/audio/audio-source.ts';
import { FileAudioSource } from '../../../main/core/audio/file-source.ts';
import { isTrustedSenderFrame } from '../../../main/core/window/security-policy.ts';
import { openNodeSettingsStore } from '../../../main/core/config/node-settings-store.ts';
import { type SettingsStore, type UserSettingsPatch } from '../../../main/core/config/settings-store.ts';
import {
  createIpcRouter,
  type InvokeEventLike,
  type IpcFailureReport,
  type IpcMainLike,
} from '../../../main/core/ipc/router.ts';
import { recordReports } from '../../../main/features/audit/audit-reports.ts';
import type { AuditLog } from '../../../main/features/audit/audit-log.ts';
import { createConnector } from '../../../main/features/connection/connector.ts';
import { liveTranscribers } from '../../../main/features/visit/live-transcriber.ts';
import type { AudioInputs } from '../../../main/core/audio/ports.ts';
import type { ClipboardPort } from '../../../main/features/note/ports.ts';
import type { Preferences, PreferenceStore } from '../../../main/features/settings/ports.ts';
import { composeFeatures, type Features } from '../../../main/compose/composition-root.ts';
import {
  channels,
  type ChannelName,
  type EventName,
  type RequestOf,
} from '../../../preload/contract/index.ts';

/** Preferences kept in the real settings store, as the app will keep them (microphone keys, locales). */
class SettingsPreferenceStore implements PreferenceStore {
  constructor(readonly store: SettingsStore) {}

  get(): Preferences {
    const s = this.store.get();
    return {
      clinicianDeviceId: s.microphone ?? null,
      patientDeviceId: s.secondMicrophone ?? null,
      speechLocales: [...(s.speechLocales ?? ['ENGLISH_US'])],
      displayLanguage: s.displayLanguage ?? null,
    };
  }

  update(patch: Partial<Preferences>): Preferences {
    this.store.set({
      ...('clinicianDeviceId' in patch ? { microphone: patch.clinicianDeviceId ?? undefined } : {}),
      ...('patientDeviceId' in patch ? { secondMicrophone: patch.patientDeviceId ?? undefined } : {}),
      // The store validates each locale itself (a SettingsError names a bad one).
      ...(patch.speechLocales
        ? { speechLocales: patch.speechLocales as UserSettingsPatch['speechLocales'] }
        : {}),
    });
    return this.get();
  }
}

/** A clipboard that records writes, or refuses the next one with an error that quotes the text. */
class RecordingClipboard implements ClipboardPort {
  readonly writes: string[] = [];
  refuseNext = false;
  async writeText(text: string): Promise<{ transient: boolean }> {
    if (this.refuseNext) {
      this.refuseNext = false;
      throw new Error(`clipboard refused: ${text.slice(0, 200)}`);
    }
    this.writes.push(text);
    return { transient: true };
  }
}

/** A fetch that answers the next request of a path with an error whose body echoes `message`. */
class EchoingFetch {
  readonly #plans: Array<{ path: RegExp; status: number; message: string }> = [];
  readonly fetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const i = this.#plans.findIndex((p) => p.path.test(url.pathname));
    if (i < 0) return globalThis.fetch(input, init);
    const [plan] = this.#plans.splice(i, 1);
    const body = { message: plan!.message, code: 99_001, name: 'ECHO', trace_id: `trace-${i}` };
    return new Response(JSON.stringify(body), {
      status: plan!.status,
      headers: { 'content-type': 'application/json' },
    });
  };

  next(path: RegExp, status: number, message: string): void {
    this.#plans.push({ path, status, message });
  }

  get pending(): number {
    return this.#plans.length;
  }
}

const APP_FRAME: InvokeEventLike = { senderFrame: { url: 'app://scribe/index.html', parent: null } };

/** ipcMain as the router sees it; `invoke` calls a channel as the preload would. */
class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => unknown>();
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void {
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
}

/** Everything the renderer would see, and everything the router would log. */
export interface VisitRig {
  readonly app: Features;
  readonly clipboard: RecordingClipboard;
  readonly echo: EchoingFetch;
  readonly settings: SettingsStore;
  readonly events: Array<{ name: EventName; payload: unknown }>;
  readonly reports: IpcFailureReport[];
  invoke<C extends ChannelName>(channel: C, request: RequestOf<C> | unknown): Promise<unknown>;
  dispose(): Promise<void>;
}

/**
 * The recording as a microphone at ~7× real time: 100 ms frames every 15 ms, so items arrive while the
 * visit is still streaming (a fault can then hit a visit that already holds patient text).
 */
class ThrottledFile implements AudioSource {
  readonly #file: FileAudioSource;
  readonly info = { kind: 'file', label: 'Recording' } as const;
  constructor(path: string) {
    this.#file = new FileAudioSource({ path, pace: 'fast' });
  }
  async *frames(): AsyncIterable<AudioFrame> {
    for await (const frame of this.#file.frames()) {
      yield frame;
      await new Promise((resolve) => setTimeout(resolve, 15)); // the pace of a microphone at ~7× real time
    }
  }
  stop(): Promise<void> {
    return this.#file.stop();
  }
}

/** Builds the visit services with `audioFile` as the only input. */
export function startVisitRig(options: {
  settingsDir: string;
  audioFile: string;
  audit?: AuditLog;
}): VisitRig {
  const audio: AudioInputs = {
    list: async () => [{ id: 'file-mic', label: 'Recording', isDefault: true }],
    open: () => new ThrottledFile(options.audioFile),
  };
  const clipboard = new RecordingClipboard();
  const echo = new EchoingFetch();
  const settings = openNodeSettingsStore(options.settingsDir);
  const events: VisitRig['events'] = [];
  const reports: IpcFailureReport[] = [];
  const app = composeFeatures({
    connector: createConnector({ audio, transcriber: liveTranscribers(), fetch: echo.fetch }),
    sample: null,
    audio,
    clipboard,
    preferences: new SettingsPreferenceStore(settings),
    emit: (name, payload) => void events.push({ name, payload }),
    platform: 'linux',
  });
  // The trail listens to what the features report, as buildAppServices wires it.
  if (options.audit) recordReports(options.audit, app);
  const ipcMain = new FakeIpcMain();
  const router = createIpcRouter({
    ipcMain,
    channels,
    handlers: app.handlers,
    isTrustedSender: isTrustedSenderFrame,
    onDidFail: (r) => void reports.push(r),
  });
  return {
    app,
    clipboard,
    echo,
    settings,
    events,
    reports,
    invoke: async (channel, request) => ipcMain.handlers.get(channel)!(APP_FRAME, request),
    dispose: async () => {
      await app.visit.discard().catch(() => undefined);
      router.dispose();
    },
  };
}
