/**
 * Starts the whole app for an end-to-end test as `npm start`'s browser preview starts it (startPreviewApp:
 * the configuration, the production composition root under Node, the browser shell with the built renderer
 * and its loopback WebSocket bridge),
 * the page in real Chromium, a fixture recording as "the microphone", a clipboard that records what was
 * written, and a fresh data folder (settings, connection vault, journals).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileAudioSource } from '../../../main/core/audio/file-source.ts';
import { SAMPLE_RATE, type AudioFrame, type AudioSource } from '../../../main/core/audio/audio-source.ts';
import type { AudioInputs } from '../../../main/core/audio/ports.ts';
import type { Bridge } from '../../../main/shells/preview/bridge.ts';
import { startPreviewApp } from '../../../main/shells/preview/preview.ts';
import type { Features } from '../../../main/compose/composition-root.ts';
import type { OpenBrowser } from '../../../main/features/connection/oidc-sign-in.ts';
import type { ClipboardPort } from '../../../main/features/note/ports.ts';
import { MemorySecretStore } from '../../../main/base/secrets/memory-secret-store.ts';
import type { SecretStore } from '../../../main/base/secrets/secret-store.ts';
import type { AppServicesDeps } from '../../../main/compose/composition-root.ts';
import type { EventPayload } from '../../../preload/contract/index.ts';
import { sharedChromium } from './browser.ts';

/**
 * The conversation fixture (12 s), paced like a microphone but `micSpeed` times faster than real time: the
 * tests wait for its lines, not for its pace.
 */
const FIXTURE_MIC = fileURLToPath(
  new URL('../../../main/programs/local-service/sample/visit.wav', import.meta.url),
);

/** A clipboard that remembers every write (the tests' stand-in for the system clipboard). */
class RecordingClipboard implements ClipboardPort {
  readonly writes: string[] = [];
  async writeText(text: string): Promise<{ transient: boolean }> {
    this.writes.push(text);
    return { transient: true };
  }
}

/** A running app. */
export interface AppHarness {
  readonly page: Page;
  readonly app: Features;
  readonly bridge: Bridge;
  readonly clipboard: RecordingClipboard;
  /** Every microphone the app opened (consent tick or Start), in order. */
  readonly microphones: readonly FixtureMicrophone[];
  /** The browser shell's origin (http://127.0.0.1:PORT). */
  readonly server: { readonly origin: string };
  /** The data folder (settings file, connection vault, journals by default). */
  readonly dataDir: string;
  /** The policy file the app reads (and watches): rewrite it to change IT's policy while the app runs. */
  readonly policyFile: string;
  /** CSP violations reported in the page (directive and blocked URI only). */
  cspViolations(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A "microphone" that hears a quiet room until the visit starts, then the fixture conversation (at `speed`
 * times real time), then quiet again until stopped, as a real microphone would: the conversation starts
 * when the clinician presses Start (not when the consent tick opened the microphone), and the visit ends
 * when the test presses End, not when the file runs out. Quiet comes in 100 ms frames so the conversation
 * starts on the 100 ms grid the local service recognises fixtures on.
 */
class FixtureMicrophone implements AudioSource {
  readonly info = { kind: 'microphone', label: 'Fixture microphone' } as const;
  readonly #file = new FileAudioSource({ path: FIXTURE_MIC, pace: 'fast' });
  readonly #started: () => boolean;
  readonly #speed: number;
  stopped = false;

  constructor(started: () => boolean, speed: number) {
    this.#started = started;
    this.#speed = speed;
  }

  async *frames(): AsyncIterable<AudioFrame> {
    yield* this.#quiet(() => !this.#started());
    if (this.stopped) return;
    // Paced against the start, as FileAudioSource's real time is, so timer jitter does not add up.
    const started = performance.now();
    let heard = 0;
    for await (const frame of this.#file.frames()) {
      heard += frame.samples.length;
      const due = started + (heard * 1000) / (SAMPLE_RATE * this.#speed) - performance.now();
      if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
      if (this.stopped) return;
      yield frame;
    }
    yield* this.#quiet(() => true);
  }

  async *#quiet(until: () => boolean): AsyncIterable<AudioFrame> {
    while (!this.stopped && until()) {
      await new Promise((resolve) => setTimeout(resolve, 100)); // a microphone delivers 100 ms of quiet
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
  speakAtOnce: boolean,
  speed: number,
): AudioInputs & { opened: FixtureMicrophone[]; visitStarted(): void } {
  let starts = 0;
  const opened: FixtureMicrophone[] = [];
  return {
    opened,
    visitStarted: () => void starts++,
    list: async () => [{ id: 'fixture-mic', label: 'Fixture microphone (visit recording)', isDefault: true }],
    open: () => {
      const at = starts;
      const mic = new FixtureMicrophone(() => speakAtOnce || starts > at, speed);
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

/** Starts the browser shell over the production composition root, then Chromium and the page. */
export async function startApp(
  options: {
    browser?: Browser;
    viewport?: { width: number; height: number };
    /** The browser's language (`navigator.languages`); `en-XA` shows the development pseudo-locale. */
    locale?: string;
    /** The journal folder (visits a crash left unfinished are offered for recovery); a fresh one by default. */
    journalDir?: string;
    /** The keychain stand-in (the journals' and the connection vault's keys); in memory by default. */
    secrets?: SecretStore;
    /** The fixture microphone speaks as soon as it is opened (a Settings microphone test), not at Start. */
    micSpeaksAtOnce?: boolean;
    /** How many times faster than real time the fixture conversation plays: 4 by default, 1 to act mid-line. */
    micSpeed?: number;
    /** IT's policy (a JSON policy file the app reads and watches); none by default. */
    policy?: Record<string, unknown>;
    /** Launch variables (SCRIBE_*) besides the policy file's and the data folder's. */
    env?: Record<string, string>;
    /** What the user settings file holds at start (written as is; none by default). */
    settingsFile?: string;
    /** The system browser for "Sign in with your organization" (a Playwright-driven Chromium in tests). */
    openBrowser?: OpenBrowser;
    /** Dictation's platform parts (test/e2e/dictation.test.ts); without them its channels say unavailable. */
    dictation?: AppServicesDeps['dictation'];
    /** The machine's microphones, instead of the fixture that speaks the visit recording at Start. */
    audio?: AudioInputs;
    /** Init scripts run in the page before the app (the renderer benchmark's push hook). */
    initScripts?: readonly string[];
    /** Sees every event main pushes to the page (test/e2e/sample-dictation.test.ts: each box text). */
    onEvent?: NonNullable<Parameters<typeof startPreviewApp>[0]['onEvent']>;
  } = {},
): Promise<AppHarness> {
  const browser = options.browser ?? (await sharedChromium());
  const clipboard = new RecordingClipboard();
  const inputs = fixtureInputs(options.micSpeaksAtOnce ?? false, options.micSpeed ?? 4);
  const dataDir = await mkdtemp(join(tmpdir(), 'scribe-e2e-'));
  const policyFile = join(dataDir, 'policy.json');
  if (options.policy) await writeFile(policyFile, JSON.stringify(options.policy));
  if (options.settingsFile !== undefined)
    await writeFile(join(dataDir, 'settings.json'), options.settingsFile);
  // `npm start`'s own wiring (the browser preview), with stand-ins for the machine's parts.
  const started = await startPreviewApp({
    env: { ...options.env, SCRIBE_POLICY_FILE: policyFile, SCRIBE_DATA_DIR: dataDir },
    journalDir: options.journalDir ?? join(dataDir, 'journals'),
    parts: {
      secrets: options.secrets ?? new MemorySecretStore(),
      clipboard,
      audio: options.audio ?? inputs,
      platform: 'linux',
      ...(options.openBrowser ? { openBrowser: options.openBrowser } : {}),
      ...(options.dictation ? { dictation: options.dictation } : {}),
    },
    onEvent: (event, payload) => {
      options.onEvent?.(event, payload);
      if (event === 'visit:state' && (payload as EventPayload<'visit:state'>).phase === 'starting')
        inputs.visitStarted();
    },
  });
  if (!started.ok) throw new Error(started.errors.map((e) => e.message).join('; '));
  const { shell, services } = started.app;
  const app = services.app;
  const context: BrowserContext = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    ...(options.locale ? { locale: options.locale } : {}),
  });
  const page = await context.newPage();
  await page.addInitScript({ content: CSP_RECORDER });
  for (const content of options.initScripts ?? []) await page.addInitScript({ content });
  await page.goto(shell.url);
  return {
    page,
    app,
    bridge: shell.bridge,
    clipboard,
    microphones: inputs.opened,
    server: { origin: shell.origin },
    dataDir,
    policyFile,
    cspViolations: () =>
      page.evaluate(() => [
        ...((globalThis as unknown as { __cspViolations: string[] }).__cspViolations ?? []),
      ]),
    close: async () => {
      await app.visit.discard().catch(() => undefined);
      await context.close();
      await started.app.close();
    },
  };
}
