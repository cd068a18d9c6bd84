/**
 * The app as dictation.test.ts drives it: the local service with an OAuth client, and the app wired by the
 * composition root with dictation on fakes (a FakeInserter in "Epic Hyperspace", a PowerMic III on the fake
 * USB bus, no key hook of the OS), the microphone playing the dictation fixture in real time. The hotkeys
 * registered with the "OS" land in `registered`; what the overlay shows, in `overlayStates`.
 */
import { FakeHid } from '../../../native/hid.fake.ts';
import { FakeKeyHook } from '../../../native/key-hook.fake.ts';
import { FakeSecureInput } from '../../../native/secure-input.ts';
import { FakeAudioSource } from '../../../main/core/audio/audio-source.fake.ts';
import type { DictationService } from '../../../main/features/dictation/dictation-service.ts';
import { FakeInserter } from '../../../main/features/dictation/inserter.fake.ts';
import type { OverlayState } from '../../../main/features/dictation/ports.ts';
import type { SampleService } from '../../service/sample-service.ts';
import type { Mishearing } from '../../../main/programs/local-service/ws/index.ts';
import { previewDictationPlatform } from '../../../main/shells/preview/preview-dictation.ts';
import { readFixtureSamples } from '../../fixtures/audio/manifest.ts';
import { POWERMIC_3 } from '../../fixtures/hid/devices.ts';
import { startServiceWithClient, type OAuthClient } from './fixtures.ts';
import { startApp, type AppHarness } from './harness.ts';

export async function startDictationApp(
  registered: Map<string, () => void>,
  overlayStates: (OverlayState | null)[],
): Promise<{
  service: SampleService;
  h: AppHarness;
  dictation: DictationService;
  client: OAuthClient;
  hid: FakeHid;
  inserter: FakeInserter;
}> {
  const started = await startServiceWithClient();
  const inserter = new FakeInserter();
  const hid = new FakeHid();
  hid.plug(POWERMIC_3);
  inserter.target = { appName: 'Epic Hyperspace' };
  const h = await startApp({
    // The microphone hears the dictation fixture, in real time.
    audio: {
      list: async () => [{ id: 'fixture-mic', label: 'Fixture microphone (dictation)', isDefault: true }],
      open: () => new FakeAudioSource({ samples: readFixtureSamples('dictation.wav'), pace: 'realtime' }),
    },
    dictation: () => ({
      hook: new FakeKeyHook(),
      shortcuts: {
        register: (accelerator: string, onPress: () => void) => {
          registered.set(accelerator, onPress);
          return true;
        },
        unregister: (accelerator: string) => void registered.delete(accelerator),
      },
      ownWindowFocused: () => true, // the window under test has the keyboard
      inserter,
      overlay: { show: (state: OverlayState | null) => void overlayStates.push(state) },
      accessibility: () => 'not-needed',
      secureInput: new FakeSecureInput(),
      hid, // a PowerMic III on the fake USB bus (no such device here: native/hid.fake.ts)
    }),
  });
  return { service: started.service, h, dictation: h.app.dictation!, client: started.client, hid, inserter };
}

/**
 * The browser preview's box-only dictation over the production composition root, the local service
 * "recognising" the recording `<name>.wav` of the tests' fixture folder `fixtureDir` (with `mishearings` its
 * first pass says otherwise, and its async corrections put it right), played in real time.
 */
export async function startBoxDictationApp(options: {
  readonly name: string;
  readonly fixtureDir: string;
  readonly mishearings?: Mishearing[];
  readonly onEvent: NonNullable<Parameters<typeof startApp>[0]>['onEvent'];
}): Promise<{ service: SampleService; h: AppHarness; client: OAuthClient }> {
  const { name, fixtureDir, mishearings, onEvent } = options;
  const started = await startServiceWithClient({ streaming: { fixturesDir: fixtureDir, mishearings } });
  const h = await startApp({
    dictation: previewDictationPlatform(),
    audio: {
      list: async () => [{ id: 'fixture-mic', label: `Fixture microphone (${name})`, isDefault: true }],
      open: () =>
        new FakeAudioSource({ samples: readFixtureSamples(`${name}.wav`, fixtureDir), pace: 'realtime' }),
    },
    onEvent,
  });
  return { service: started.service, h, client: started.client };
}
