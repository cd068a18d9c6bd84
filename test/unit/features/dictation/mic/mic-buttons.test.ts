/**
 * A dictation microphone's buttons: phantom presses from handling it ignored, Record's two modes, and the
 * mapping — each place (another application, the dictation box) with its own.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MicButtons, type MicButtonMap } from '../../../../../main/features/dictation/mic/mic-buttons.ts';
import type { MicButton } from '../../../../../preload/contract/mic-codes.ts';
import { recordingActions } from './recording-actions.ts';

describe('mic buttons', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  function buttons(recordMode: 'toggle' | 'push-to-talk' = 'toggle', map = {}, box: MicButtonMap = {}) {
    const { actions, calls, at } = recordingActions();
    const app: MicButtonMap = { record: 'record', tabForward: 'next-field', ...map };
    const b = new MicButtons({ settings: () => ({ recordMode, buttons: { app, box } }), actions });
    const press = async (button: MicButton) => {
      b.button(button, true);
      await vi.advanceTimersByTimeAsync(60);
      b.button(button, false);
    };
    return { b, calls, at, press };
  }

  it('ignores a phantom press (down and up within a few milliseconds, as when the mic is picked up)', async () => {
    const { b, calls } = buttons();
    b.button('record', true);
    await vi.advanceTimersByTimeAsync(8);
    b.button('record', false);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toEqual([]);
    b.button('record', true);
    await vi.advanceTimersByTimeAsync(60);
    b.button('record', false);
    expect(calls).toEqual(['start']);
  });

  it('push-to-talk dictates while Record is held; toggle starts and stops on presses', async () => {
    const ptt = buttons('push-to-talk');
    ptt.b.button('record', true);
    await vi.advanceTimersByTimeAsync(60);
    expect(ptt.calls).toEqual(['start']);
    ptt.b.button('record', false);
    await vi.advanceTimersByTimeAsync(0);
    expect(ptt.calls).toEqual(['start', 'stop']);

    const toggle = buttons('toggle');
    for (let i = 0; i < 2; i += 1) {
      toggle.b.button('record', true);
      await vi.advanceTimersByTimeAsync(60);
      toggle.b.button('record', false);
    }
    expect(toggle.calls).toEqual(['start', 'stop']);
  });

  it('follows the mapping: a button set to none does nothing, a remapped one does its new action', async () => {
    const { b, calls } = buttons('toggle', { tabForward: 'none', f1: 'cancel' });
    for (const button of ['tabForward', 'f1', 'play'] as const) {
      b.button(button, true);
      await vi.advanceTimersByTimeAsync(60);
      b.button(button, false);
    }
    expect(calls).toEqual(['cancel']);
  });

  it('reads the dictation box’s own map while the box has the keyboard, the other one elsewhere', async () => {
    const box: MicButtonMap = { record: 'record', tabForward: 'accept-defaults', play: 'transfer' };
    const { calls, at, press } = buttons('toggle', { play: 'cancel' }, box);
    await press('tabForward');
    await press('play');
    at('box');
    await press('tabForward');
    await press('play');
    await press('f1'); // in neither map: nothing
    at('app');
    await press('tabForward');
    expect(calls).toEqual(['field:next', 'cancel', 'accept-defaults', 'transfer', 'field:next']);
  });

  it('push-to-talk: the release stops what the press started, though the focus moved to the box between', async () => {
    const { b, calls, at } = buttons('push-to-talk', {}, { record: 'none' });
    b.button('record', true);
    await vi.advanceTimersByTimeAsync(60);
    at('box'); // the box's map has Record doing nothing: the release still ends the dictation
    b.button('record', false);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['start', 'stop']);
  });

  it('push-to-talk: the release still stops when Settings switched Record to toggle while it was held', async () => {
    const { actions, calls } = recordingActions();
    let recordMode: 'toggle' | 'push-to-talk' = 'push-to-talk';
    const b = new MicButtons({
      settings: () => ({ recordMode, buttons: { app: { record: 'record' }, box: {} } }),
      actions,
    });
    b.button('record', true);
    await vi.advanceTimersByTimeAsync(60);
    recordMode = 'toggle';
    b.button('record', false);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['start', 'stop']);
  });
});
