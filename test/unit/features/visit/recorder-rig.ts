/** A VisitRecorder as its tests drive it: every event it reports recorded, and a source of a steady tone. */
import type { EventName } from '../../../../preload/contract/index.ts';
import { FakeAudioSource } from '../../../../main/core/audio/audio-source.fake.ts';
import { VisitRecorder } from '../../../../main/features/visit/visit-recorder.ts';

/** The recorder, the events it reported, and a new one-second tone source each call. */
export function recorder() {
  const events: { event: EventName; payload: unknown }[] = [];
  const rec = new VisitRecorder((event, payload) => events.push({ event, payload }));
  const tone = new Int16Array(16_000).map((_, i) => Math.round(8_000 * Math.sin(i / 5)));
  return { rec, events, source: () => new FakeAudioSource({ samples: tone }) };
}
