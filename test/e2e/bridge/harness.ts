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
import { createConnector } from '../../../main/visit/connector.ts';
import { createVisitHandlers } from '../../../main/visit/handlers.ts';
import type { AudioInputs, ClipboardPort } from '../../../main/visit/ports.ts';
import { MemoryPreferenceStore } from '../../../main/visit/preferences.ts';
import { createSampleKit } from '../../../main/visit/sample-kit.ts';
import { VisitApp } from '../../../main/visit/visit-app.ts';
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
  readonly app: VisitApp;
  readonly bridge: Bridge;
  readonly clipboard: RecordingClipboard;
  readonly server: StaticServer;
  /** CSP violations reported in the page (directive and blocked URI only). */
  cspViolations(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A "microphone" that plays the fixture in real time and then hears silence until stopped, as a real
 * microphone in a quiet room would: the visit ends when the test presses End, not when the file runs out.
 */
class FixtureMicrophone implements AudioSource {
  readonly info = { kind: 'microphone', label: 'Fixture microphone' } as const;
  readonly #file = new FileAudioSource({ path: FIXTURE_MIC, pace: 'realtime' });
  #stopped = false;

  async *frames(): AsyncIterable<AudioFrame> {
    for await (const frame of this.#file.frames()) yield frame;
    while (!this.#stopped) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (!this.#stopped) yield { samples: new Int16Array(1_600) };
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#file.stop();
  }
}

const FIXTURE_INPUTS: AudioInputs = {
  list: async () => [{ id: 'fixture-mic', label: 'Fixture microphone (visit recording)', isDefault: true }],
  open: () => new FixtureMicrophone(),
};

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
  } = {},
): Promise<AppHarness> {
  const browser = options.browser ?? (await launchChromium());
  const server = await startStaticServer();
  const clipboard = new RecordingClipboard();
  const sample = createSampleKit();
  let bridge: Bridge | null = null;
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => bridge?.emit(event, payload);
  const app = new VisitApp({
    connector: createConnector({
      audio: FIXTURE_INPUTS,
      ...(options.journals ? { journals: options.journals } : {}),
    }),
    sample,
    audio: FIXTURE_INPUTS,
    clipboard,
    preferences: new MemoryPreferenceStore(),
    emit,
    platform: 'linux',
    ...(options.journals ? { journals: options.journals } : {}),
  });
  const context: BrowserContext = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.addInitScript({ content: CSP_RECORDER });
  bridge = await installBridge(page, server.origin, createVisitHandlers(app));
  await page.goto(`${server.origin}/index.html`);
  return {
    page,
    app,
    bridge,
    clipboard,
    server,
    cspViolations: () =>
      page.evaluate(() => [
        ...((globalThis as unknown as { __cspViolations: string[] }).__cspViolations ?? []),
      ]),
    close: async () => {
      await app.discard().catch(() => undefined);
      await context.close();
      if (!options.browser) await browser.close();
      await server.close();
      await sample.close();
    },
  };
}
