import { describe, expect, it } from 'vitest';
import { LimitError } from '../../../../main/core/api/limits.ts';
import type { TranscribeSession } from '../../../../main/core/streaming/transcribe-session.ts';
import { type TranscribeSessionOptions } from '../../../../main/core/streaming/transcribe-session.ts';
import { StreamingError } from '../../../../main/core/streaming/streaming-error.ts';
import type { SessionState } from '../../../../main/core/streaming/streaming-session.ts';
import { FakeTokens, markerChunk, until, type FakePeerOptions } from './fake-peer.ts';
import { transcribeOnPeer } from './transcribe-on-peer.ts';

const open = transcribeOnPeer();

async function setup(
  peerOptions: Partial<FakePeerOptions> = {},
  options: Partial<TranscribeSessionOptions> = {},
  tokens = new FakeTokens(['t1']),
) {
  const { peer, session } = await open(peerOptions, options, tokens);
  const states: SessionState[] = [];
  session.on('state', (s) => states.push(s));
  return { peer, session, states, tokens };
}

/** Feeds chunks with markers from..to-1 (+1 each: marker = chunk number + 1). */
function feed(session: TranscribeSession, from: number, to: number, stream = 'doctor'): void {
  for (let i = from; i < to; i++) expect(session.sendAudio(stream, markerChunk(i + 1))).toBe(true);
}

describe('TranscribeSession', () => {
  it('connects with token, subprotocol, version and the documented CONFIG, then ends cleanly', async () => {
    const { peer, session, states } = await setup();
    await session.start();
    const conn = await peer.waitForConnections(1);
    expect(conn.url.pathname).toBe('/v1/core/user/transcribe-ws');
    expect(conn.url.searchParams.get('nabla-api-version')).toBe('2026-10-05');
    expect(conn.protocol).toBe('transcribe-protocol');
    expect(conn.authorization).toBe('Bearer t1');
    await until(() => conn.config !== undefined);
    expect(conn.config).toEqual({
      type: 'CONFIG',
      encoding: 'PCM_S16LE',
      sample_rate: 16000,
      speech_locales: ['ENGLISH_US'],
      streams: [{ id: 'doctor', speaker_type: 'DOCTOR' }],
      enable_audio_chunk_ack: true,
      split_by_sentence: true,
    });
    feed(session, 0, 30);
    await session.end();
    expect(conn.ended).toBe(true);
    expect(conn.chunks.map((c) => c.seq)).toEqual([...Array(30).keys()]);
    expect(session.finalItems().map((i) => [i.text, i.start_offset_ms, i.end_offset_ms])).toEqual([
      ['s0', 0, 1000],
      ['s1', 1000, 2000],
      ['s2', 2000, 3000],
    ]);
    expect(states).toEqual(['connecting', 'configuring', 'streaming', 'ending', 'closed']);
    expect(session.unconfirmedMs).toBe(0);
  });

  it('refuses invalid speech locales before connecting', async () => {
    const { peer, session } = await setup({}, { speechLocales: ['HAITIAN_HT', 'ENGLISH_US'] });
    await expect(session.start()).rejects.toBeInstanceOf(LimitError);
    expect(peer.connections).toHaveLength(0);
  });

  it('keeps at most the in-flight window unacknowledged and queues the rest', async () => {
    const { peer, session } = await setup({ autoAck: false });
    await session.start();
    const conn = await peer.waitForConnections(1);
    feed(session, 0, 150);
    await until(() => conn.chunks.length >= 90);
    await conn.roundTrip();
    expect(conn.chunks).toHaveLength(90); // 9 s of 100 ms chunks
    conn.send({ type: 'AUDIO_CHUNK_ACK', ack_id: 29 });
    await until(() => conn.chunks.length >= 120);
    await conn.roundTrip();
    expect(conn.chunks).toHaveLength(120);
    peer.ackAll(conn);
    await until(() => conn.chunks.length === 150);
  });

  it('replays acknowledged-but-not-final audio after a drop, on one timeline, without duplicates', async () => {
    const { peer, session } = await setup({}, { coverageGuardMs: 1000 });
    const items: string[] = [];
    session.on('item', (i) => i.isFinal && items.push(i.text));
    await session.start();
    const first = await peer.waitForConnections(1);
    // Drop the first socket after 45 chunks: s0..s3 are final, chunks 40-44 acked but not final.
    peer.onChunk = (conn, chunk) => {
      if (conn === first && chunk.seq === 44) setTimeout(() => conn.terminate(), 20);
    };
    feed(session, 0, 45);
    const second = await peer.waitForConnections(2);
    feed(session, 45, 60);
    await session.end();
    // Coverage point: s3 ends at 4000 ms, guard 1000 ms -> chunks from 30 on were kept and replayed.
    expect(second.config).toEqual(first.config);
    expect(second.chunks[0]).toEqual({ seq: 0, streamId: 'doctor', marker: 31 });
    expect(second.chunks.map((c) => c.marker)).toEqual([...Array(30).keys()].map((i) => i + 31));
    expect(session.finalItems().map((i) => [i.text, i.start_offset_ms, i.end_offset_ms])).toEqual(
      [0, 1, 2, 3, 4, 5].map((k) => [`s${k}`, k * 1000, (k + 1) * 1000]),
    );
    expect(items).toEqual(['s0', 's1', 's2', 's3', 's4', 's5']);
  });

  it('releases audio covered by final text once it is acknowledged, also when the ack comes after it', async () => {
    const { peer, session } = await setup({ autoAck: false, partials: false }, { coverageGuardMs: 0 });
    await session.start();
    const conn = await peer.waitForConnections(1);
    feed(session, 0, 10);
    await until(() => session.finalItems().length === 1);
    expect(session.audio.releasedBefore(0)).toBe(0); // final, but nothing acknowledged yet
    peer.ackAll(conn);
    await until(() => session.audio.ackedBefore(0) === 10);
    expect(session.audio.releasedBefore(0)).toBe(10);
    expect(session.unconfirmedMs).toBe(0);
  });

  it('renews the token on a 401 at reconnect and continues', async () => {
    const tokens = new FakeTokens(['t1', 't2']);
    const { peer, session } = await setup({}, {}, tokens);
    await session.start();
    const first = await peer.waitForConnections(1);
    feed(session, 0, 20);
    await until(() => first.chunks.length === 20);
    peer.options.acceptedTokens.splice(0, 1, 't2'); // t1 expired on the service side
    first.terminate();
    const second = await peer.waitForConnections(2);
    expect(tokens.renewed).toEqual(['t1']);
    expect(peer.rejectedTokens).toEqual(['t1']);
    expect(second.authorization).toBe('Bearer t2');
    feed(session, 20, 30);
    await session.end();
    expect(session.finalItems().map((i) => i.text)).toEqual(['s0', 's1', 's2']);
  });

  it('fails with unauthorized when renewal is impossible', async () => {
    const tokens = new FakeTokens(['bad']);
    const { session } = await setup({}, {}, tokens);
    const error = await session.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamingError);
    expect((error as StreamingError).code).toBe('unauthorized');
    expect(tokens.renewed).toEqual(['bad']);
  });

  it('counts a missing close after END as a drop, then replays and ends', async () => {
    const { peer, session } = await setup(
      { closeOnEnd: false, partials: false },
      { endTimeoutMs: 100, coverageGuardMs: 500 },
    );
    const warnings: string[] = [];
    session.on('warning', (w) => warnings.push(w.code));
    await session.start();
    feed(session, 0, 25);
    // s0 and s1 final on socket 1 before END (a loaded machine may not have read them yet when END is sent).
    await until(() => session.finalItems().length === 2);
    const ending = session.end();
    const first = await peer.waitForConnections(1);
    await until(() => first.ended);
    peer.options.closeOnEnd = true;
    await ending;
    expect(warnings).toContain('end_timeout');
    const second = peer.connections[1]!;
    // s1 ended at 2000 ms (guard 500 ms): 1500 ms lies inside s1, so the replay starts where s1 starts
    // (chunk 10), never mid-sentence; s2 was never complete on socket 1.
    expect(second.chunks[0]!.marker).toBe(11);
    expect(session.finalItems().map((i) => i.text)).toEqual(['s0', 's1']);
  });

  it('pauses by ending the socket cleanly and resumes on a new socket with an offset base', async () => {
    const { peer, session, states } = await setup();
    await session.start();
    feed(session, 0, 20);
    await session.pause();
    expect(session.state).toBe('paused');
    expect(session.unconfirmedMs).toBe(0);
    expect(session.sendAudio('doctor', markerChunk(99))).toBe(false);
    expect(peer.connections[0]!.ended).toBe(true);
    await session.resume();
    const second = await peer.waitForConnections(2);
    feed(session, 20, 30);
    await session.end();
    expect(second.chunks[0]).toEqual({ seq: 0, streamId: 'doctor', marker: 21 });
    expect(session.finalItems().map((i) => [i.text, i.start_offset_ms])).toEqual([
      ['s0', 0],
      ['s1', 1000],
      ['s2', 2000],
    ]);
    expect(states).toContain('paused');
  });

  it('a resume asked for while "paused" is being reported is not lost', async () => {
    const { peer, session } = await setup();
    await session.start();
    feed(session, 0, 10);
    let resumed: Promise<void> | undefined;
    session.on('state', (s) => {
      if (s === 'paused' && !resumed) resumed = session.resume();
    });
    await session.pause();
    await resumed;
    expect(session.state).toBe('streaming');
    await peer.waitForConnections(2);
    await session.end();
  });

  it('streams DOCTOR and PATIENT with stream ids and per-stream acks', async () => {
    const { peer, session } = await setup(
      {},
      {
        streams: [
          { id: 'doctor', speakerType: 'DOCTOR' },
          { id: 'patient', speakerType: 'PATIENT' },
        ],
      },
    );
    await session.start();
    for (let i = 0; i < 10; i++) {
      session.sendAudio('doctor', markerChunk(i + 1));
      session.sendAudio('patient', markerChunk(i + 1));
    }
    await session.end();
    const conn = peer.connections[0]!;
    expect(conn.config?.streams).toEqual([
      { id: 'doctor', speaker_type: 'DOCTOR' },
      { id: 'patient', speaker_type: 'PATIENT' },
    ]);
    expect(conn.chunks.filter((c) => c.streamId === 'patient').map((c) => c.seq)).toEqual([
      ...Array(10).keys(),
    ]);
    expect(
      session
        .finalItems()
        .map((i) => i.speaker_type)
        .sort(),
    ).toEqual(['DOCTOR', 'PATIENT']);
  });

  it('maps error frames by code, never quoting their text, and ignores unknown or malformed frames', async () => {
    const { peer, session } = await setup({}, { reconnect: { baseMs: 1, capMs: 2, maxAttempts: 1 } });
    const warnings: StreamingError[] = [];
    session.on('warning', (w) => warnings.push(w));
    await session.start();
    const conn = await peer.waitForConnections(1);
    conn.send('not json');
    conn.send({ type: 'SOMETHING_NEW', text: 'CANARY-PATIENT-PHRASE' });
    conn.send({ type: 'TRANSCRIPT_ITEM', id: 3 });
    conn.send({
      type: 'ERROR_MESSAGE',
      code: 83011,
      name: 'NO_AUDIO',
      trace_id: 'tr-1',
      message: 'CANARY-PATIENT-PHRASE',
    });
    await until(() => warnings.length > 0);
    expect(warnings[0]!.serviceCode).toBe(83011);
    expect(warnings[0]!.traceId).toBe('tr-1');
    // Its words come from the code where it is shown (preload/words); the message is a developer's text.
    expect(warnings[0]!.code).toBe('service_error');
    expect(warnings[0]!.message).toMatch(/83011/);
    expect(JSON.stringify({ ...warnings[0], message: warnings[0]!.message })).not.toContain('CANARY');
    await peer.waitForConnections(2); // retryable: reconnected
  });

  it('treats a missing pong as a drop and reconnects', async () => {
    const { peer, session } = await setup({}, { pingIntervalMs: 40, ackTimeoutMs: 60_000 });
    const warnings: string[] = [];
    session.on('warning', (w) => warnings.push(w.code));
    await session.start();
    const first = await peer.waitForConnections(1);
    feed(session, 0, 5);
    await until(() => first.chunks.length === 5);
    // The peer stops reading its socket (a frozen network path): pings go unanswered.
    (first.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const second = await peer.waitForConnections(2);
    expect(warnings).toEqual(['connection_lost']);
    await until(() => second.chunks.length === 5);
    expect(second.chunks.map((c) => c.marker)).toEqual([1, 2, 3, 4, 5]); // nothing was final: all replayed
  });
});
