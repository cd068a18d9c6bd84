/**
 * The whole chain with real parts: on a private Xvfb display with openbox, a Tk field in another process
 * has focus; `xdotool key F9` (on the run's display) reaches uiohook-napi; the driver's state machine starts the dictation; the
 * controller streams the fixture dictation (with a scripted mishearing corrected by ASYNC_CORRECTION)
 * through the local service; the insertion engine (X11 desktop over XTest, xclip clipboard) puts it into
 * the field as it arrives; F9 again stops it. The field ends with exactly the corrected text, the
 * clipboard holds what it held before, and nothing is typed into the other window. Our own injected keys
 * never count as the person typing (the correction is applied in place).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UiohookKeyHook } from '../../../../native/key-hook.ts';
import { sharedSyntheticInput } from '../../../../native/synthetic-input.ts';
import { openX11Desktop } from '../../../../native/x11/x11-desktop.ts';
import { XclipClipboard } from '../../../../native/x11/xclip-clipboard.ts';
import type { AudioFrame, AudioSource } from '../../../../main/core/audio/audio-source.ts';
import { FileAudioSource } from '../../../../main/core/audio/file-source.ts';
import { openNodeSettingsStore } from '../../../../main/core/config/node-settings-store.ts';
import { resolveConfig } from '../../../../main/core/config/resolve-config.ts';
import { composeDictation } from '../../../../main/features/dictation/compose-dictation.ts';
import type { DictationService } from '../../../../main/features/dictation/dictation-service.ts';
import { EngineInserter } from '../../../../main/features/dictation/engine-inserter.ts';
import type { OverlayState } from '../../../../main/features/dictation/ports.ts';
import { startStreamingHarness, type StreamingHarness } from '../../core/streaming/harness.ts';
import { FINAL_TEXT, MISHEARING, writeDictationFixture } from './dictation-fixture.ts';
import { readClipboard, setClipboard, startDisplay, TkField, type TestDisplay } from './x11-harness.ts';

const BEFORE = 'what the clinician had copied ✓';

/**
 * The person's key, on the test run's display where uiohook listens (DISPLAY). The fields live on a
 * private display with a window manager; uiohook keeps an X connection after stop(), so it must not be
 * on a display this test kills (Xlib would end the process).
 */
const pressOnHookDisplay = (key: string) => promisify(execFile)('xdotool', ['key', key]);

/** A microphone that hears the fixture once, then a quiet room until stopped (a file would just end). */
class SpeakingMicrophone implements AudioSource {
  readonly info = { kind: 'microphone', label: 'fixture' } as const;
  readonly #file: FileAudioSource;
  #stopped = false;
  constructor(wav: string) {
    this.#file = new FileAudioSource({ path: wav, pace: 'realtime' });
  }
  async *frames(): AsyncIterable<AudioFrame> {
    for await (const frame of this.#file.frames()) yield frame;
    while (!this.#stopped) {
      await new Promise((resolve) => setTimeout(resolve, 100)); // a microphone delivers 100 ms of quiet
      if (!this.#stopped) yield { samples: new Int16Array(1_600) };
    }
  }
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#file.stop();
  }
}

describe.skipIf(!process.env.REAL_DISPLAY)('hotkey to field, all real on X11', () => {
  let h: StreamingHarness;
  let screen: TestDisplay;
  let field: TkField;
  let other: TkField;
  let dir: string;
  let dictation: DictationService;
  let wav: string;
  let closeDesktop: () => Promise<void> = async () => undefined;
  const overlay: (OverlayState | null)[] = [];

  beforeAll(async () => {
    const fixture = await writeDictationFixture();
    wav = fixture.wav;
    h = await startStreamingHarness({ streaming: { fixturesDir: fixture.dir, mishearings: [MISHEARING] } });
    h.streaming.timings.correctionDelayMs = 50;
    screen = await startDisplay();
    other = await TkField.open(screen, 'other-window');
    field = await TkField.open(screen, 'ehr-field');
    await field.focus(screen);
    await setClipboard(screen, BEFORE);
    dir = await mkdtemp(path.join(tmpdir(), 'hotkey-field-'));
    const resolved = resolveConfig({ policy: { values: { dictationMode: 'toggle' }, origin: 'test' } });
    if (!resolved.ok) throw new Error('config');
    const desktop = openX11Desktop(screen.display);
    closeDesktop = () => desktop.close();
    // Tk's text cannot be read through AT-SPI: IT's rule says a line break is Return there (new-line-x11).
    const tk = {
      app: (await desktop.activeWindow())?.app ?? '',
      insert: 'paste',
      lineBreak: 'return',
    } as const;
    let removeSource: (() => void) | null = null;
    dictation = composeDictation(
      ({ settings }) => ({
        hook: new UiohookKeyHook(),
        shortcuts: null, // no Electron here: the toggle key goes through the hook
        inserter: new EngineInserter({
          desktop,
          clipboard: new XclipClipboard(screen.env, () => desktop.clipboardOwner()),
          platform: 'linux',
          mode: () => settings.get().insertMode,
          rules: () => [...settings.get().appRules, tk],
          // The engine knows when its own keys may still reach the hook.
          onInsertion: (insertion) => {
            removeSource?.();
            removeSource = insertion ? sharedSyntheticInput.addSource(() => insertion.sendingKeys) : null;
          },
        }),
        overlay: { show: (state) => overlay.push(state) },
        accessibility: () => 'not-needed',
      }),
      {
        store: openNodeSettingsStore(dir),
        resolved: () => resolved,
        secrets: null,
        dataDir: dir,
        microphone: () => new SpeakingMicrophone(wav),
        connection: () => ({ baseUrl: h.baseUrl, tokens: h.server }),
        visitUsesMicrophone: () => false,
        journals: null,
        clipboard: { writeText: async () => ({ transient: false }) },
        platform: 'linux',
        onState: () => undefined,
      },
    );
  }, 60_000);

  afterAll(async () => {
    dictation?.dispose();
    await closeDesktop();
    field?.close();
    other?.close();
    screen?.close();
    await h?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('F9 starts, the corrected text lands in the focused field, F9 stops; clipboard restored', async () => {
    expect(dictation.driver.status).toMatchObject({ hook: 'running', toggle: 'hook' });
    await pressOnHookDisplay('F9');
    await vi.waitFor(() => expect(dictation.controller.active).toBe(true));
    await vi.waitFor(() => expect(field.text).toBe(FINAL_TEXT), { timeout: 30_000 });
    await pressOnHookDisplay('F9');
    await vi.waitFor(() => expect(dictation.controller.active).toBe(false), { timeout: 15_000 });
    expect(field.text).toBe(FINAL_TEXT);
    expect(other.text).toBe('');
    await vi.waitFor(async () => expect(await readClipboard(screen)).toBe(BEFORE), { timeout: 5_000 });
    const phases = overlay.filter((s) => s !== null).map((s) => s!.phase);
    expect(phases).toContain('listening');
    expect(phases).not.toContain('corrected-in-box');
    expect(overlay.filter((s) => s?.phase === 'inserted').at(-1)?.appName).toBeTruthy();
    expect(dictation.state().history[0]?.text).toBe(FINAL_TEXT);
  });
});
