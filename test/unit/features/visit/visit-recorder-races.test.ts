/**
 * The visit recorder when two things happen at once: every path goes through the transition table, so a
 * late event never brings a visit back to life or leaves it half-way.
 */
import { describe, expect, it, vi } from 'vitest';
import { FakeAudioSource } from '../../../../main/core/audio/audio-source.fake.ts';
import type { LiveSession, LiveStream } from '../../../../main/features/visit/ports.ts';
import { VisitRecorder } from '../../../../main/features/visit/visit-recorder.ts';
import { FakeTranscriber } from './fakes.ts';

const devices = () =>
  ({
    kind: 'devices',
    clinician: new FakeAudioSource({ samples: new Int16Array(16_000) }),
    patient: null,
  }) as const;

/** A transcriber whose start() the test lets through by hand. */
function slowTranscriber() {
  const transcriber = new FakeTranscriber();
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const start = transcriber.start.bind(transcriber);
  const asked = vi.fn();
  transcriber.start = async (options: { locales: readonly string[]; streams: readonly LiveStream[] }) => {
    asked();
    await gate;
    return start(options);
  };
  return { transcriber, open, asked };
}

describe('VisitRecorder races', () => {
  it('a session that arrives after its visit was discarded is stopped and shredded; the visit stays idle', async () => {
    const rec = new VisitRecorder(() => undefined);
    const { transcriber, open, asked } = slowTranscriber();
    const starting = rec.start({ locales: ['ENGLISH_US'] }, devices(), transcriber);
    await vi.waitFor(() => expect(asked).toHaveBeenCalled());
    await rec.discard();
    expect(rec.state.phase).toBe('idle');
    open();
    await expect(starting).resolves.toBeUndefined();
    expect(rec.state.phase).toBe('idle');
    expect(transcriber.sessions[0]!.calls).toEqual(['abort', 'forget']);
  });

  it('End before the session exists stops the visit once it does, keeping its audio', async () => {
    const rec = new VisitRecorder(() => undefined);
    const { transcriber, open, asked } = slowTranscriber();
    transcriber.started = () => new Promise<void>(() => undefined); // never streams
    const starting = rec.start({ locales: ['ENGLISH_US'] }, devices(), transcriber);
    await vi.waitFor(() => expect(asked).toHaveBeenCalled());
    await rec.end();
    expect(rec.state.phase).toBe('ending');
    await expect(rec.end()).rejects.toMatchObject({ code: 'visit_not_active' });
    open();
    await starting;
    expect(rec.state).toMatchObject({ phase: 'failed', error: { code: 'service_unreachable_kept' } });
    expect(transcriber.sessions[0]!.calls).toEqual(['abort', 'keep']);
  });

  it('a session that fails while Resume waits for it leaves the visit failed, not recording', async () => {
    const rec = new VisitRecorder(() => undefined);
    const transcriber = new FakeTranscriber();
    await rec.start({ locales: ['ENGLISH_US'] }, devices(), transcriber);
    const session = transcriber.sessions[0]!;
    await rec.pause();
    (session as { resume: LiveSession['resume'] }).resume = async () => session.fail('stream_failed');
    await rec.resume();
    expect(rec.state).toMatchObject({ phase: 'failed', error: { code: 'stream_failed' } });
  });

  it('refuses commands the phase does not allow, with the contract’s codes', async () => {
    const rec = new VisitRecorder(() => undefined);
    await expect(rec.pause()).rejects.toMatchObject({ code: 'visit_not_active' });
    await expect(rec.resume()).rejects.toMatchObject({ code: 'visit_not_active' });
    await expect(rec.end()).rejects.toMatchObject({ code: 'visit_not_active' });
    await rec.restore([], async () => undefined);
    expect(rec.state.phase).toBe('ended');
    await rec.start({ locales: ['ENGLISH_US'] }, devices(), new FakeTranscriber());
    await expect(
      rec.start({ locales: ['ENGLISH_US'] }, devices(), new FakeTranscriber()),
    ).rejects.toMatchObject({
      code: 'visit_in_progress',
    });
    await expect(rec.restore([], async () => undefined)).rejects.toMatchObject({ code: 'visit_in_progress' });
    await rec.discard();
  });
});
