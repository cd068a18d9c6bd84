/**
 * Each listed model's recorded input reports (test/fixtures/hid/mic-reports.json), replayed through the
 * fake HID backend into the real watcher and the real button mapping: the right buttons go down and up,
 * and Record, Tab and Transcribe do what Settings says.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeHid } from '../../../../../native/hid.fake.ts';
import { identify } from '../../../../../main/features/dictation/mic/mic-models.ts';
import { MicWatcher } from '../../../../../main/features/dictation/mic/mic-watcher.ts';
import { DictationMic } from '../../../../../main/features/dictation/mic/dictation-mic.ts';
import { DEFAULT_MIC_BUTTONS } from '../../../../../main/core/config/dictation-keys.ts';
import type { MicModel } from '../../../../../preload/contract/mic-codes.ts';
import { recordingActions } from './recording-actions.ts';

interface Recorded {
  device: { vendorId: number; productId: number; usagePage: number; usage: number; product: string };
  sequences: { name: string; reports: string[]; events: string[] }[];
}
const fixture = JSON.parse(
  readFileSync(new URL('../../../../fixtures/hid/mic-reports.json', import.meta.url), 'utf8'),
) as { models: Record<MicModel, Recorded> };
const bytes = (hex: string): number[] => hex.match(/../g)!.map((b) => parseInt(b, 16));
const MODELS = Object.keys(fixture.models) as MicModel[];

describe('recorded reports, per model', () => {
  it('covers every listed model', () => {
    expect(MODELS.sort()).toEqual(['foot-control', 'powermic-2', 'powermic-3', 'powermic-4', 'speechmike']);
  });

  for (const model of MODELS) {
    const { device, sequences } = fixture.models[model];
    it(`${model}: is recognised by its ids, usage page and name`, () => {
      expect(identify(device)?.model).toBe(model);
    });
    for (const sequence of sequences) {
      it(`${model}: ${sequence.name}`, async () => {
        const hid = new FakeHid();
        hid.plug({ path: model, ...device });
        const events: string[] = [];
        const watcher = new MicWatcher({
          hid,
          onButton: (b, down) => events.push(`${down ? '+' : '-'}${b}`),
        });
        await watcher.poll();
        expect(watcher.status).toEqual({ kind: 'connected', models: [model] });
        hid.replay(model, sequence.reports.map(bytes));
        expect(events).toEqual(sequence.events);
        await watcher.dispose();
      });
    }
  }

  it('leaves a SpeechMike’s other interfaces (its keyboard, its gamepad) alone', () => {
    const keyboard = {
      vendorId: 0x0911,
      productId: 0x0c1c,
      usagePage: 0x0001,
      usage: 6,
      product: 'SpeechMike',
    };
    expect(identify(keyboard)).toBeNull();
    expect(identify({ ...keyboard, productId: 0x0fa0, usagePage: 0xffa0 })).toBeNull(); // Browser/Gamepad mode
    expect(
      identify({ vendorId: 0x046d, productId: 0xc52b, usagePage: 1, product: 'USB Receiver' }),
    ).toBeNull();
  });
});

describe('what the buttons do, per model', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  function setup(model: MicModel, recordMode: 'toggle' | 'push-to-talk' = 'toggle') {
    const { actions, calls } = recordingActions();
    const hid = new FakeHid();
    hid.plug({ path: model, ...fixture.models[model].device });
    const mic = new DictationMic({
      hid,
      settings: () => ({ recordMode, buttons: { app: DEFAULT_MIC_BUTTONS, box: {} } }),
      actions,
      onStatus: () => undefined,
    });
    const press = async (down: string, up: string) => {
      hid.replay(model, [bytes(down)]);
      await vi.advanceTimersByTimeAsync(100);
      hid.replay(model, [bytes(up)]);
      await vi.advanceTimersByTimeAsync(0);
    };
    return { mic, hid, calls, press };
  }

  /** The PowerMic II and III send the same reports for the same buttons. */
  const POWERMIC_2_3 = {
    record: '000400',
    tabForward: '000800',
    tabBackward: '000200',
    transcribe: '000100',
    forward: '002000',
    rewind: '001000',
    play: '004000',
    up: '000000',
  };
  const HAND_HELD: Record<Exclude<MicModel, 'foot-control'>, Record<string, string>> = {
    'powermic-2': POWERMIC_2_3,
    'powermic-3': POWERMIC_2_3,
    'powermic-4': {
      record: '800000000000000001',
      tabForward: '800000000000000008',
      tabBackward: '800000000000000010',
      forward: '800000000000000040',
      rewind: '800000000000000020',
      play: '800000000000000004',
      up: '800000000000000000',
    },
    speechmike: {
      record: '800000000000000001',
      endOfLetter: '800000000000000100',
      forward: '800000000000000008',
      rewind: '800000000000000010',
      play: '800000000000000004',
      up: '800000000000000000',
    },
  };

  for (const [model, r] of Object.entries(HAND_HELD) as [MicModel, Record<string, string>][]) {
    it(`${model}: Record toggles dictation, Tab and Fast forward/Rewind move between fields, Transcribe/EOL transfers, Play accepts defaults`, async () => {
      const { mic, calls, press } = setup(model);
      await mic.poll();
      await press(r.record!, r.up!);
      await press(r.record!, r.up!);
      if (r.tabForward) await press(r.tabForward, r.up!);
      if (r.tabBackward) await press(r.tabBackward, r.up!);
      if (r.transcribe) await press(r.transcribe, r.up!);
      if (r.endOfLetter) await press(r.endOfLetter, r.up!);
      await press(r.forward!, r.up!);
      await press(r.rewind!, r.up!);
      await press(r.play!, r.up!);
      const expected = ['start', 'stop'];
      if (r.tabForward) expected.push('field:next');
      if (r.tabBackward) expected.push('field:previous');
      if (r.transcribe || r.endOfLetter) expected.push('transfer');
      expected.push('field:next', 'field:previous', 'accept-defaults');
      expect(calls).toEqual(expected);
      await mic.dispose();
    });
  }

  it('foot-control: the middle pedal is push-to-talk when set so, the side pedals move between fields', async () => {
    const { mic, calls, hid, press } = setup('foot-control', 'push-to-talk');
    await mic.poll();
    hid.replay('foot-control', [[0x02]]);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toEqual(['start']);
    hid.replay('foot-control', [[0x00]]);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['start', 'stop']);
    await press('04', '00');
    await press('01', '00');
    expect(calls).toEqual(['start', 'stop', 'field:next', 'field:previous']);
    await mic.dispose();
  });
});
