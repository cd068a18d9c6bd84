/**
 * Starts the whole app for an end-to-end test: the main-process visit services under Node, the built
 * renderer in real Chromium behind the test bridge, a fixture recording as "the microphone", and a
 * clipboard that records what was written.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { FileAudioSource } from '../../../main/audio/file-source.ts';
import type { AudioFrame, AudioSource } from '../../../main/audio/audio-source.ts';
import type { JournalStore } from '../../../main/streaming/journal-store.ts';
import { createConnector } from '../../../main/connection/connector.ts';
import type { AudioInputs } from '../../../main/audio/ports.ts';
import type { ClipboardPort } from '../../../main/note/ports.ts';
import { MemoryPreferenceStore } from '../../../main/settings/preferences.ts';
import { createSampleKit } from '../../../main/connection/sample-kit.ts';
import { composeApp, type App, type AppPorts } from '../../../main/composition-root.ts';
import type { EventName, EventPayload } from '../../../preload/contract/index.ts';
import { launchChromium } from './browser.ts';
import { installBridge, type Bridge } from './preload-bridge.ts';
import { startStaticServer, type StaticServer } from './static-server.ts';

/** The conversation fixture, played in real time as a microphone would deliver it. */
export const FIXTURE_MIC = fileURLToPath(
  new URL('../../../main/local-service/sample/visit.wav', import.meta.url),
);

/** A clipboard that remembers every write (the test bridge's stand-in for the system clipboard). */
export class RecordingClipboard implements ClipboardPort {
  readonly writes: string[] = [];
  async writeText(text: string): Promise<{ transient: boolean }> {
    this.writes.push(text);
    return { transient: true };
  }
}

/** A running app. */
export interface AppHarness {
  readonly page: Page;
  readonly app: App;
  readonly bridge: Bridge;
  readonly clipboard: RecordingClipboard;
  /** Every microphone the app opened (consent tick or Start), in order. */
  readonly microphones: readonly FixtureMicrophone[];
  readonly server: StaticServer;
  /** CSP violations reported in the page (directive and blocked URI only). */
  cspViolations(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A "microphone" that hears a quiet room until the visit starts, then the fixture conversation in real
 * time, then quiet again until stopped, as a real microphone would: the conversation starts when the
 * clinician presses Start (not when the consent tick opened the microphone), and the visit ends when the
 * test presses End, not when the file runs out. Quiet comes in 100 ms frames so the conversation starts on
 * the 100 ms grid the local service recognises fixtures on.
 */
export class FixtureMicrophone implements AudioSource {
  readonly info = { kind: 'microphone', label: 'Fixture microphone' } as const;
  readonly #file = new FileAudioSource({ path: FIXTURE_MIC, pace: 'realtime' });
  readonly #started: () => boolean;
  stopped = false;

  constructor(started: () => boolean) {
    this.#started = started;
  }

  async *frames(): AsyncIterable<AudioFrame> {
    yield* this.#quiet(() => !this.#started());
    if (this.stopped) return;
    for await (const frame of this.#file.frames()) yield frame;
    yield* this.#quiet(() => true);
  }

  async *#quiet(until: () => boolean): AsyncIterable<AudioFrame> {
    while (!this.stopped && until()) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (!this.stopped && until()) yield { samples: new Int16Array(1_600) };
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.#file.stop();
  }
}

/** The fixture microphones opened so far; each one's conversation starts with the next visit start. */
function fixtureInputs(
  speakAtOnce = false,
): AudioInputs & { opened: FixtureMicrophone[]; visitStarted(): void } {
  let starts = 0;
  const opened: FixtureMicrophone[] = [];
  return {
    opened,
    visitStarted: () => void starts++,
    list: async () => [{ id: 'fixture-mic', label: 'Fixture microphone (visit recording)', isDefault: true }],
    open: () => {
      const at = starts;
      const mic = new FixtureMicrophone(() => speakAtOnce || starts > at);
      opened.push(mic);
      return mic;
    },
  };
}

/** Init script: records CSP violations (init scripts are not subject to the page's CSP). */
export const CSP_RECORDER = `(() => {
  const list = [];
  Object.defineProperty(globalThis, '__cspViolations', { value: list });
  document.addEventListener('securitypolicyviolation', (e) => list.push(e.violatedDirective + ' ' + e.blockedURI));
})();`;

/** Starts services, Chromium and the page, and navigates to the app. */
export async function startApp(
  options: {
    browser?: Browser;
    viewport?: { width: number; height: number };
    /** The journal folder (visits a crash left unfinished are offered for recovery). */
    journals?: JournalStore;
    /** The fixture microphone speaks as soon as it is opened (a Settings microphone test), not at Start. */
    micSpeaksAtOnce?: boolean;
    /** Dictation's platform parts (test/e2e/dictation.test.ts); without them its channels say unavailable. */
    dictation?: AppPorts['dictation'];
  } = {},
): Promise<AppHarness> {
  const browser = options.browser ?? (await launchChromium());
  const server = await startStaticServer();
  const clipboard = new RecordingClipboard();
  const sample = createSampleKit();
  let bridge: Bridge | null = null;
  const inputs = fixtureInputs(options.micSpeaksAtOnce);
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => {
    if (event === 'visit:state' && (payload as EventPayload<'visit:state'>).phase === 'starting')
      inputs.visitStarted();
    bridge?.emit(event, payload);
  };
  const app = composeApp({
    connector: createConnector({
      audio: inputs,
      ...(options.journals ? { journals: options.journals } : {}),
    }),
    sample,
    audio: inputs,
    clipboard,
    preferences: new MemoryPreferenceStore(),
    emit,
    platform: 'linux',
    ...(options.journals ? { journals: options.journals } : {}),
    ...(options.dictation ? { dictation: options.dictation } : {}),
  });
  const context: BrowserContext = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.addInitScript({ content: CSP_RECORDER });
  bridge = await installBridge(page, server.origin, app.handlers);
  await page.goto(`${server.origin}/index.html`);
  return {
    page,
    app,
    bridge,
    clipboard,
    microphones: inputs.opened,
    server,
    cspViolations: () =>
      page.evaluate(() => [
        ...((globalThis as unknown as { __cspViolations: string[] }).__cspViolations ?? []),
      ]),
    close: async () => {
      await app.visit.discard().catch(() => undefined);
      await context.close();
      if (!options.browser) await browser.close();
      await server.close();
      await sample.close();
    },
  };
}
