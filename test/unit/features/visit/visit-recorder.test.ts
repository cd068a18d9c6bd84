import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatError } from '../../../../preload/words/index.ts';
import { FakeAudioSource } from '../../../../main/core/audio/audio-source.fake.ts';
import { FakeTranscriber } from './fakes.ts';

import { recorder } from './recorder-rig.ts';

afterEach(() => vi.useRealTimers());

describe('VisitRecorder', () => {
  it('records, pushes transcript batches, pauses the session and ends with every item', async () => {
    vi.useFakeTimers();
    const { rec, events, source } = recorder();
    const transcriber = new FakeTranscriber();
    await rec.start(
      { locales: ['ENGLISH_US'] },
      { kind: 'devices', clinician: source(), patient: null },
      transcriber,
    );
    expect(rec.state.phase).toBe('recording');
    const session = transcriber.sessions[0]!;
    expect(session.streams.map((s) => [s.id, s.speakerType])).toEqual([['room', 'UNSPECIFIED']]);
    session.item({ id: '1', text: 'hello', speaker: 'DOCTOR', startMs: 0, endMs: 500, final: false });
    session.item({
      id: '1',
      text: 'hello there',
      speaker: 'DOCTOR',
      startMs: 0,
      endMs: 700,
      final: true,
    });
    await vi.advanceTimersByTimeAsync(200);
    const batches = events.filter((e) => e.event === 'visit:transcript');
    expect(batches).toHaveLength(1); // two upserts, one push
    expect(batches[0]?.payload).toEqual({
      items: [{ id: '1', text: 'hello there', speaker: 'DOCTOR', startMs: 0, endMs: 700, final: true }],
    });
    await rec.pause();
    expect(rec.state.phase).toBe('paused');
    await rec.resume();
    expect(rec.state.phase).toBe('recording');
    await rec.end();
    expect(rec.state).toMatchObject({ phase: 'ended', finalItems: 1 });
    expect(session.calls).toEqual(['pause', 'resume', 'end']);
    await expect(rec.pause()).rejects.toMatchObject({ code: 'visit_not_active' });
  });

  it('a recording that runs out while the session still connects ends the visit once it records', async () => {
    const { rec, source } = recorder();
    const transcriber = new FakeTranscriber();
    let connect!: () => void;
    transcriber.started = () => new Promise<void>((resolve) => (connect = resolve));
    const starting = rec.start(
      { locales: ['ENGLISH_US'] },
      { kind: 'devices', clinician: source(), patient: null },
      transcriber,
    );
    await vi.waitFor(() => expect(transcriber.sessions).toHaveLength(1));
    const session = transcriber.sessions[0]!;
    for (const l of session.audioEnds) l({ code: null }); // the file ran out before the socket streamed
    expect(rec.state.phase).toBe('starting');
    connect();
    await starting;
    await vi.waitFor(() => expect(rec.state.phase).toBe('ended'));
    expect(session.calls).toContain('end');
  });

  it('declares DOCTOR and PATIENT streams for two sources', async () => {
    const { rec, source } = recorder();
    const transcriber = new FakeTranscriber();
    await rec.start(
      { locales: ['ENGLISH_US', 'SPANISH_MX'] },
      { kind: 'devices', clinician: source(), patient: source() },
      transcriber,
    );
    expect(transcriber.sessions[0]!.streams.map((s) => s.speakerType)).toEqual(['DOCTOR', 'PATIENT']);
    expect(transcriber.locales).toEqual(['ENGLISH_US', 'SPANISH_MX']);
    await rec.discard();
  });

  it('says "nothing is lost" only when the session says so, and fails with contract words', async () => {
    const { rec, events, source } = recorder();
    const transcriber = new FakeTranscriber();
    await rec.start({ locales: ['ENGLISH_US'] }, { kind: 'sample', recording: source() }, transcriber);
    const session = transcriber.sessions[0]!;
    for (const l of session.health) l({ health: 'reconnecting', nothingLost: true });
    expect(rec.state).toMatchObject({ connection: 'reconnecting', nothingLost: true, sample: true });
    for (const l of session.health) l({ health: 'reconnecting', nothingLost: false });
    expect(rec.state.nothingLost).toBe(false);
    for (const l of session.fails) l({ code: 'stream_failed' });
    expect(rec.state.phase).toBe('failed');
    expect(formatError(rec.state.error!)).toContain('transcript so far is kept');
    expect(events.some((e) => e.event === 'visit:state')).toBe(true);
  });

  it('shreds the journal of a visit when it is discarded or a new visit starts, never while it is kept', async () => {
    const { rec, source } = recorder();
    const transcriber = new FakeTranscriber();
    await rec.start(
      { locales: ['ENGLISH_US'] },
      { kind: 'devices', clinician: source(), patient: null },
      transcriber,
    );
    await rec.end();
    const first = transcriber.sessions[0]!;
    expect(first.calls).toEqual(['end']); // ended: kept until the clinician moves on
    await rec.start(
      { locales: ['ENGLISH_US'] },
      { kind: 'devices', clinician: source(), patient: null },
      transcriber,
    );
    expect(first.calls).toEqual(['end', 'forget']);
    const second = transcriber.sessions[1]!;
    await rec.discard();
    expect(second.calls).toEqual(['abort', 'forget']);
  });

  it('keeps the journal of a visit that failed: never shredded by the next visit or a discard', async () => {
    const { rec, source } = recorder();
    const transcriber = new FakeTranscriber();
    const devices = () => ({ kind: 'devices', clinician: source(), patient: null }) as const;
    await rec.start({ locales: ['ENGLISH_US'] }, devices(), transcriber);
    const failed = transcriber.sessions[0]!;
    failed.fail('stream_failed');
    expect(rec.state.phase).toBe('failed');
    expect(failed.calls).toEqual(['keep']); // offered for recovery from now on
    await rec.start({ locales: ['ENGLISH_US'] }, devices(), transcriber);
    await rec.discard();
    expect(failed.calls).toEqual(['keep']);
  });

  describe('starting while the service cannot be reached', () => {
    /** A start that the test settles by hand, after the inputs have given audio. */
    function outage(journaled = true) {
      const { rec, source } = recorder();
      const transcriber = new FakeTranscriber();
      transcriber.journaled = journaled;
      let give: (error?: Error) => void = () => undefined;
      transcriber.started = () =>
        new Promise<void>((resolve, reject) => (give = (e) => (e ? reject(e) : resolve())));
      const starting = rec.start(
        { locales: ['ENGLISH_US'] },
        { kind: 'devices', clinician: source(), patient: null },
        transcriber,
      );
      starting.catch(() => undefined);
      return { rec, transcriber, starting, fail: () => give(new Error('no socket')) };
    }

    it('shows the connection while starting, then keeps the audio recoverable when the start fails', async () => {
      const { rec, transcriber, starting, fail } = outage();
      await vi.waitFor(() => expect(transcriber.sessions).toHaveLength(1));
      const session = transcriber.sessions[0]!;
      const audio = await session.streams[0]!.chunks[Symbol.asyncIterator]().next();
      expect(audio.done).toBe(false); // the session was given audio while it could not connect
      for (const l of session.health) l({ health: 'reconnecting', nothingLost: true });
      expect(rec.state).toMatchObject({ phase: 'starting', connection: 'reconnecting' });
      fail();
      await expect(starting).rejects.toMatchObject({ code: 'service_unreachable_kept' });
      expect(rec.state).toMatchObject({ phase: 'failed', error: { code: 'service_unreachable_kept' } });
      expect(formatError(rec.state.error!)).toContain('recover it from the Visit screen');
      expect(session.calls).toEqual(['abort', 'keep']);
      // The next visit does not shred it either.
      transcriber.started = () => Promise.resolve();
      await rec.start(
        { locales: ['ENGLISH_US'] },
        { kind: 'devices', clinician: new FakeAudioSource({ samples: new Int16Array(1600) }), patient: null },
        transcriber,
      );
      await rec.discard();
      expect(session.calls).toEqual(['abort', 'keep']);
    });

    it('lets End stop a visit that is still connecting, keeping what was recorded', async () => {
      const { rec, transcriber, starting } = outage();
      await vi.waitFor(() => expect(transcriber.sessions).toHaveLength(1));
      await rec.end();
      expect(rec.state).toMatchObject({ phase: 'failed', error: { code: 'service_unreachable_kept' } });
      expect(transcriber.sessions[0]!.calls).toEqual(['abort', 'keep']);
      await expect(starting).resolves.toBeUndefined();
      expect(rec.state.phase).toBe('failed');
    });

    it('says why when the service refused the sign-in while connecting', async () => {
      const { rec, starting, fail, transcriber } = outage();
      await vi.waitFor(() => expect(transcriber.sessions).toHaveLength(1));
      transcriber.sessions[0]!.fail('auth_failed'); // reported before its start rejects
      fail();
      await expect(starting).rejects.toMatchObject({ code: 'auth_failed' });
      expect(rec.state).toMatchObject({ phase: 'failed', error: { code: 'auth_failed' } });
      expect(transcriber.sessions[0]!.calls).toEqual(['abort', 'keep']); // still recoverable
    });

    it('says only that the service could not be reached when nothing was kept on disk', async () => {
      const { rec, starting, fail, transcriber } = outage(false);
      await vi.waitFor(() => expect(transcriber.sessions).toHaveLength(1));
      fail();
      await expect(starting).rejects.toMatchObject({ code: 'service_unreachable' });
      expect(formatError(rec.state.error!)).not.toContain('kept');
    });
  });

  it('ends the visit by itself when the recording runs out', async () => {
    const { rec, source } = recorder();
    const transcriber = new FakeTranscriber();
    await rec.start({ locales: ['ENGLISH_US'] }, { kind: 'sample', recording: source() }, transcriber);
    for (const l of transcriber.sessions[0]!.audioEnds) l({ code: null });
    await vi.waitFor(() => expect(rec.state.phase).toBe('ended'));
  });

  it('ends the visit by itself when the recording ran out before the connection streamed', async () => {
    const { rec, source } = recorder();
    const transcriber = new FakeTranscriber();
    let streams: () => void = () => undefined;
    transcriber.started = () => new Promise<void>((resolve) => (streams = resolve));
    const starting = rec.start(
      { locales: ['ENGLISH_US'] },
      { kind: 'sample', recording: source() },
      transcriber,
    );
    await vi.waitFor(() => expect(transcriber.sessions).toHaveLength(1));
    // A slow machine: the whole recording was read while the socket was still opening.
    for (const l of transcriber.sessions[0]!.audioEnds) l({ code: null });
    expect(rec.state.phase).toBe('starting');
    streams();
    await starting;
    await vi.waitFor(() => expect(rec.state.phase).toBe('ended'));
    expect(transcriber.sessions[0]!.calls).toEqual(['end']);
  });
});
