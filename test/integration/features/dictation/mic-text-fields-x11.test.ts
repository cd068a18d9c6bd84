/**
 * A Text walked and accepted by a dictation microphone's buttons in a real field: a GTK text view in another
 * process on a private X display, read through AT-SPI; a PowerMic III's recorded reports on the fake USB bus,
 * through the real button mapping and the field keys' route into the controller the app wires (the field
 * readers of "next field"), between dictations and while one runs. Only the device and the service are fakes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeHid } from '../../../../native/hid.fake.ts';
import { openX11Desktop, type X11Desktop } from '../../../../native/x11/x11-desktop.ts';
import { DEFAULT_MIC_BUTTONS } from '../../../../main/core/config/dictation-keys.ts';
import { FieldKeys } from '../../../../main/features/dictation/dictation-hotkeys.ts';
import { DesktopFieldNavigator } from '../../../../main/features/dictation/fields/field-navigator.ts';
import { DictationMic } from '../../../../main/features/dictation/mic/dictation-mic.ts';
import type { OverlayState } from '../../../../main/features/dictation/ports.ts';
import { POWERMIC_3 } from '../../../fixtures/hid/devices.ts';
import { controllerOnX11 } from './x11-controller.ts';
import { startDisplay, until, type TestDisplay } from './x11-harness.ts';
import { GtkField, gtkAvailable } from './gtk-field.ts';

const describeX = process.env.REAL_DISPLAY && gtkAvailable() ? describe : describe.skip;

/** PowerMic III reports (test/fixtures/hid/mic-reports.json): Tab forward is bit 3, Play bit 6. */
const TAB_FORWARD = [0x00, 0x08, 0x00];
const PLAY = [0x00, 0x40, 0x00];
const UP = [0x00, 0x00, 0x00];
const TEXT = 'Lungs [clear].\nSide: [left|right|bilateral]. Pain: [none]';

describeX('a Text walked and accepted by a PowerMic’s buttons in a GTK field (AT-SPI)', () => {
  let screen: TestDisplay;
  let desktop: X11Desktop;
  let field: GtkField | null = null;

  beforeEach(async () => {
    screen = await startDisplay();
    desktop = openX11Desktop(screen.display);
  }, 30_000);

  afterEach(async () => {
    field?.close();
    await desktop?.close();
    screen?.close();
  });

  /** The app's wiring from the device to the field: mapping, field keys (no window of ours), controller. */
  async function wired() {
    field = await GtkField.open(screen, `ehr-mic-${Math.random().toString(36).slice(2)}`, TEXT, 'view');
    const said: string[] = [];
    const navigator = new DesktopFieldNavigator(desktop, () => ['bracketed-text']);
    const overlay = (state: OverlayState) => void (state.message && said.push(state.message.code));
    const { controller, sessions } = controllerOnX11(desktop, screen.env, {
      mode: 'type',
      rules: () => [],
      navigator,
      overlay,
    });
    const keys = new FieldKeys(controller, {});
    const hid = new FakeHid();
    hid.plug(POWERMIC_3);
    const mic = new DictationMic({
      hid,
      settings: () => ({ recordMode: 'toggle', buttons: { app: DEFAULT_MIC_BUTTONS, box: {} } }),
      actions: {
        active: () => controller.active,
        place: () => keys.place,
        start: () => controller.start(),
        stop: () => controller.stop(),
        cancel: () => controller.cancel(),
        transfer: async () => undefined,
        fieldButton: (kind) => keys.press(kind, 'mic'),
      },
      onStatus: () => undefined,
    });
    await mic.poll();
    /** A press held past the phantom-press filter, released once it acted. */
    const press = async (report: number[], acted: () => boolean, what: string) => {
      hid.replay('pm3', [report]);
      await until(acted, what);
      hid.replay('pm3', [UP]);
    };
    return { field, controller, sessions, press, said, mic };
  }

  it('between dictations: Tab forward selects the first field, Play fills every field left', async () => {
    const { field, press, said, mic } = await wired();
    await press(TAB_FORWARD, () => field.selected === '[clear]', 'the first field selected');
    await press(PLAY, () => field.text === 'Lungs clear.\nSide: left. Pain: none', 'the defaults accepted');
    await until(() => said.includes('defaults_accepted'), 'the overlay saying so');
    await press(PLAY, () => said.includes('no_defaults_left'), 'nothing left, said');
    expect(field.text).toBe('Lungs clear.\nSide: left. Pain: none');
    await mic.dispose();
  }, 60_000);

  it('while dictating: Play acts between the words said so far and the next ones', async () => {
    const { field, controller, sessions, press, mic } = await wired();
    field.send('caret 0');
    await until(() => field.selection[0] === 0, 'the caret at the start');
    await controller.start();
    await vi.waitFor(() => expect(sessions).toHaveLength(1));
    sessions[0]!.unit('Exam: ');
    await until(() => field.text.startsWith('Exam: Lungs'), 'the first words typed');
    await press(PLAY, () => !field.text.includes('['), 'the defaults accepted mid-dictation');
    sessions[0]!.unit('normal. ');
    await controller.stop();
    await until(() => field.text.includes('normal. '), 'the next words after');
    expect(field.text.replace('normal. ', '')).toBe('Exam: Lungs clear.\nSide: left. Pain: none');
    await mic.dispose();
  }, 60_000);
});
