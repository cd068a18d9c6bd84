/**
 * One dictation's audio, from the microphone into its session (dictation-controller.ts starts it): the first
 * chunk opens the session (with the field's text around the caret), every chunk is metered for the overlay
 * and sent, and the session's text goes to the dictation's stream as it comes.
 */
import { LevelMeter } from '../../core/audio/level-meter.ts';
import type { Running } from './controller-types.ts';
import { meterLevel } from './overlay-model.ts';
import type { OpenDictation } from './ports.ts';

/** What the pump tells the controller. */
export interface PumpHooks {
  /** When the hotkey went down (for the first-sample benchmark). */
  readonly pressedAt: number;
  readonly now: () => number;
  readonly open: OpenDictation;
  /** Hotkey-down → first captured sample, for the benchmark. */
  readonly onFirstSample: (ms: number) => void;
  /** The text or the connection changed: show the dictation again. */
  readonly shown: () => void;
  /** The session failed for good. */
  readonly failed: () => void;
}

/** Pumps the microphone into the session until the microphone ends or the dictation is cancelled. */
export async function pumpMicrophone(
  running: Running,
  chunks: AsyncIterable<Int16Array>,
  hooks: PumpHooks,
): Promise<void> {
  const meter = new LevelMeter();
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  hooks.onFirstSample(hooks.now() - hooks.pressedAt);
  if (running.cancelled) return;
  // The field's text around the caret lets the service continue it (capitals, spacing).
  const opened = await hooks.open(running.run.fieldContext ? { context: running.run.fieldContext } : {});
  running.opened = opened;
  const { session } = opened;
  running.offs.push(
    session.on('text', ({ text, rolledBack }) => {
      running.stream.update(text, rolledBack);
      hooks.shown();
    }),
    session.on('connection', ({ state }) => {
      hooks.shown();
      if (state === 'failed') hooks.failed();
    }),
  );
  await session.start();
  for (let next: IteratorResult<Int16Array> = first; !next.done; next = await iterator.next()) {
    if (running.cancelled) return;
    const readings = meter.push(next.value);
    const last = readings.at(-1);
    if (last) running.level = meterLevel(last.rmsDbfs);
    // A session that failed for good takes no more audio: stop listening and say so at once, rather
    // than let the person talk on into nothing (what was received goes to the box, the journal stays).
    if (!session.sendAudio(next.value)) throw new Error('the dictation session stopped taking audio');
  }
}
