/** The transcription socket's END (acknowledge, flush, close) and its limits (silence, CONFIG, unacknowledged chunks). */
import { describe, expect, it } from 'vitest';
import { connect, sendChunks, type Harness } from './helpers.ts';
import { A, chunks, end, finals, transcribeServicePerFile } from './transcribe-rig.ts';

let h: Harness;
const { open } = transcribeServicePerFile((started) => (h = started));

describe('END', () => {
  it('acknowledges and flushes every complete sentence, then closes normally', async () => {
    h.control.timings.recognitionLatencyMs = 60_000;
    const c = await open();
    sendChunks(c, chunks, { streamId: 'main', to: 30 }); // B incomplete
    await c.next((f) => f.ack_id === 29);
    expect(await end(c)).toBe(1000);
    expect(finals(c).map((f) => f.text)).toEqual([A.text]);
    expect(c.frames.at(-1)?.type).toBe('TRANSCRIPT_ITEM');
  });

  it('acknowledges the chunks it had not acknowledged yet', async () => {
    h.control.timings.ackDelayMs = 60_000;
    const c = await open();
    sendChunks(c, chunks, { streamId: 'main', to: 13 });
    await c.roundTrip();
    expect(c.of('AUDIO_CHUNK_ACK')).toEqual([]);
    expect(await end(c)).toBe(1000);
    expect(c.of('AUDIO_CHUNK_ACK').at(-1)?.ack_id).toBe(12);
    expect(finals(c)).toHaveLength(1);
  });

  it('waits while acks are withheld (a stalled service), then acknowledges, flushes and closes', async () => {
    h.control.timings.silenceTimeoutMs = 100;
    const c = await open();
    h.control.withholdAcks(true);
    sendChunks(c, chunks, { streamId: 'main', to: 13 });
    let closed = false;
    void c.closed.then(() => (closed = true));
    c.send({ type: 'END' });
    await c.roundTrip();
    // Past the silence timeout too (a stream that ended is not silent): a witness socket armed the same
    // timeout later than this stream's last chunk did, and its timeout fired first.
    const witness = await connect(h);
    expect((await witness.next((f) => f.type === 'ERROR_MESSAGE')).code).toBe(83011);
    await c.roundTrip();
    expect(closed).toBe(false);
    expect(c.of('ERROR_MESSAGE')).toEqual([]);
    expect(c.of('AUDIO_CHUNK_ACK')).toEqual([]);
    h.control.withholdAcks(false);
    expect((await c.closed).code).toBe(1000);
    expect(c.of('AUDIO_CHUNK_ACK').at(-1)?.ack_id).toBe(12);
    expect(c.of('ERROR_MESSAGE')).toEqual([]);
    expect(finals(c).map((f) => f.text)).toEqual([A.text]);
  });
});

describe('limits', () => {
  it('fails a socket whose declared stream gets no chunk for the silence timeout (83011)', async () => {
    h.control.timings.silenceTimeoutMs = 300;
    const c = await open({
      streams: [
        { id: 'd', speaker_type: 'DOCTOR' },
        { id: 'p', speaker_type: 'PATIENT' },
      ],
    });
    // The fed stream gets its next chunk as soon as the last one is acknowledged (not on a timer, which a
    // busy machine starves), until the socket fails: how many it acknowledged shows it kept going.
    const fed = (async () => {
      for (let seq = 0; ; seq++) {
        sendChunks(c, chunks, { streamId: 'd', from: 0, to: 1, seqStart: seq });
        const answer = await c
          .next((f) => f.type === 'ERROR_MESSAGE' || (f.stream_id === 'd' && f.ack_id === seq))
          .catch(() => undefined); // closed
        if (answer?.type !== 'AUDIO_CHUNK_ACK') return seq;
      }
    })();
    expect((await c.next((f) => f.type === 'ERROR_MESSAGE')).code).toBe(83011);
    expect((await c.closed).code).toBe(1008);
    expect(await fed).toBeGreaterThan(3); // the fed stream kept going: it was the silent one that failed
  });

  it('fails a socket that never sends CONFIG after the same timeout', async () => {
    h.control.timings.silenceTimeoutMs = 150;
    const c = await connect(h);
    expect((await c.next((f) => f.type === 'ERROR_MESSAGE')).code).toBe(83011);
  });

  it('allows 100 unacknowledged chunks and fails the 101st', async () => {
    const c = await open();
    h.control.setAckDelay(60_000); // the service's acknowledgements lag far behind (beforeEach resets it)
    const list = Array.from({ length: 101 }, (_, i) => chunks[i % chunks.length]!);
    sendChunks(c, list, { streamId: 'main', to: 100 });
    await c.roundTrip();
    expect(c.of('ERROR_MESSAGE')).toEqual([]);
    sendChunks(c, list, { streamId: 'main', from: 100, seqStart: 100 });
    expect((await c.next((f) => f.type === 'ERROR_MESSAGE')).code).toBe(83403);
    expect((await c.closed).code).toBe(1008);
  });
});
