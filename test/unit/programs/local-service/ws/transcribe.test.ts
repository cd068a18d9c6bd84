import { describe, expect, it, vi } from 'vitest';
import { noise, payloads, sendChunks, type Frame, type Harness } from './helpers.ts';
import { A, B, chunks, end, finals, ms, rec, transcribeServicePerFile } from './transcribe-rig.ts';

let h: Harness;
const { open } = transcribeServicePerFile((started) => (h = started));

describe('acknowledgements', () => {
  it('are cumulative: withheld then released, one ack covers every chunk', async () => {
    const c = await open();
    h.control.withholdAcks(true);
    sendChunks(c, chunks, { streamId: 'main', to: 5 });
    await c.roundTrip();
    expect(c.of('AUDIO_CHUNK_ACK')).toEqual([]);
    h.control.withholdAcks(false);
    expect(await c.next((f) => f.type === 'AUDIO_CHUNK_ACK')).toEqual({ type: 'AUDIO_CHUNK_ACK', ack_id: 4 });
    await c.roundTrip();
    expect(c.of('AUDIO_CHUNK_ACK')).toHaveLength(1);
    c.ws.close();
  });

  it('count per stream and name the stream when there are two', async () => {
    const c = await open({
      streams: [
        { id: 'd', speaker_type: 'DOCTOR' },
        { id: 'p', speaker_type: 'PATIENT' },
      ],
    });
    sendChunks(c, chunks, { streamId: 'd', to: 3, seqStart: 10 });
    sendChunks(c, chunks, { streamId: 'p', to: 2 });
    await c.next((f) => f.ack_id === 12 && f.stream_id === 'd');
    await c.next((f) => f.ack_id === 1 && f.stream_id === 'p');
    c.ws.close();
  });

  it.each([
    ['a gap', [0, 1, 3]],
    ['a repeat', [0, 1, 1]],
  ])('refuse %s in seq_id with an error frame', async (_l, seqs) => {
    const c = await open();
    for (const seq_id of seqs) c.send({ type: 'AUDIO_CHUNK', stream_id: 'main', seq_id, payload: chunks[0] });
    expect((await c.next((f) => f.type === 'ERROR_MESSAGE')).code).toBe(83402);
    expect((await c.closed).code).toBe(1008);
    expect(c.of('AUDIO_CHUNK_ACK').at(-1)?.ack_id).toBe(1);
  });

  it('are not sent when the CONFIG disables them, and recognition still runs', async () => {
    const c = await open({ enable_audio_chunk_ack: false });
    sendChunks(c, chunks, { streamId: 'main', to: 13 });
    await c.next((f) => f.is_final === true);
    expect(c.of('AUDIO_CHUNK_ACK')).toEqual([]);
    c.ws.close();
  });
});

describe('recognition', () => {
  it('sends a partial, then the final under the same id, only once every sample arrived', async () => {
    // The service's clock is driven: every recognition pass for the audio sent has run before the check.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const c = await open();
    sendChunks(c, chunks, { streamId: 'main', to: 12 }); // A's last chunk (12) held back
    await c.next((f) => f.ack_id === 11);
    vi.advanceTimersByTime(h.control.timings.recognitionLatencyMs);
    await c.roundTrip();
    const partial = c.of('TRANSCRIPT_ITEM')[0]!;
    expect(partial).toBeDefined();
    expect(finals(c)).toEqual([]);
    sendChunks(c, chunks, { streamId: 'main', from: 12, to: 13, seqStart: 12 });
    await c.next((f) => f.ack_id === 12);
    vi.advanceTimersByTime(h.control.timings.recognitionLatencyMs);
    const final = await c.next((f) => f.is_final === true);
    expect(partial).toMatchObject({ id: final.id, is_final: false, start_offset_ms: ms(A.startSample) });
    expect(A.text.startsWith(String(partial.text))).toBe(true);
    expect(final).toMatchObject({
      text: A.text,
      speaker_type: 'DOCTOR',
      locale: 'ENGLISH_US',
      start_offset_ms: ms(A.startSample),
      end_offset_ms: ms(A.endSample),
    });
    c.ws.close();
  });

  it('emits nothing for acknowledged audio until the recognition latency has passed', async () => {
    h.control.timings.recognitionLatencyMs = 400;
    const c = await open();
    sendChunks(c, chunks, { streamId: 'main', to: 13 });
    await c.next((f) => f.ack_id === 12);
    expect(finals(c)).toEqual([]);
    await c.next((f) => f.is_final === true);
    c.ws.close();
  });

  it('emits nothing for audio that is received but not acknowledged', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); // the service's clock is driven
    const c = await open();
    h.control.withholdAcks(true);
    sendChunks(c, chunks, { streamId: 'main', to: 13 });
    await c.roundTrip();
    vi.advanceTimersByTime(h.control.timings.recognitionLatencyMs);
    await c.roundTrip();
    expect(c.of('TRANSCRIPT_ITEM')).toEqual([]);
    h.control.withholdAcks(false);
    vi.advanceTimersByTime(h.control.timings.recognitionLatencyMs);
    await c.next((f) => f.is_final === true);
    c.ws.close();
  });

  it.each([
    ['a sentence start', 15, 24_000],
    ['ambiguous silence, placed by the chunk after it', 14, 22_400],
  ])('restarts offsets at 0 on every socket (new socket from %s)', async (_l, firstChunk, firstSample) => {
    const first = await open();
    sendChunks(first, chunks, { streamId: 'main', to: 13 });
    await first.next((f) => f.is_final === true);
    first.ws.close();
    const second = await open();
    sendChunks(second, chunks, { streamId: 'main', from: firstChunk });
    const final = await second.next((f) => f.is_final === true);
    expect(final).toMatchObject({
      text: B.text,
      speaker_type: 'PATIENT',
      start_offset_ms: ms(B.startSample - firstSample),
      end_offset_ms: ms(B.endSample - firstSample),
    });
    expect(await end(second)).toBe(1000);
    expect(finals(second)).toHaveLength(1);
  });

  it('labels items with the declared speaker of the stream', async () => {
    const c = await open({ streams: [{ id: 'main', speaker_type: 'PATIENT' }] });
    sendChunks(c, chunks, { streamId: 'main', to: 13 });
    expect((await c.next((f) => f.is_final === true)).speaker_type).toBe('PATIENT');
    c.ws.close();
  });

  it('keeps two streams apart', async () => {
    const c = await open({
      streams: [
        { id: 'd', speaker_type: 'DOCTOR' },
        { id: 'p', speaker_type: 'PATIENT' },
      ],
    });
    sendChunks(c, chunks, { streamId: 'd', to: 13 });
    sendChunks(c, chunks, { streamId: 'p', from: 16, to: 34 });
    expect(await end(c)).toBe(1000);
    expect(finals(c).map((f) => [f.text, f.speaker_type])).toEqual([
      [A.text, 'DOCTOR'],
      [B.text, 'PATIENT'],
    ]);
  });
});

describe('damaged audio shows in the transcript', () => {
  async function transcriptOf(list: string[]): Promise<Frame[]> {
    const c = await open();
    sendChunks(c, list, { streamId: 'main' });
    expect(await end(c)).toBe(1000);
    return finals(c);
  }
  const texts = (items: Frame[]): unknown[] => items.map((f) => f.text);

  it('a whole recording gives both sentences', async () => {
    expect(texts(await transcriptOf(chunks))).toEqual([A.text, B.text]);
  });

  // A real recogniser transcribes what it heard after the damage: the sentence's tail, never the whole.
  it('a lost chunk leaves only the tail of its sentence', async () => {
    expect(texts(await transcriptOf(chunks.filter((_, i) => i !== 5)))).toEqual(['beta gamma delta', B.text]);
  });

  it('a duplicated chunk garbles its sentence', async () => {
    expect(texts(await transcriptOf([...chunks.slice(0, 21), chunks[20]!, ...chunks.slice(21)]))).toEqual([
      A.text,
      'two three four five six',
    ]);
  });

  it('an altered chunk leaves only the tail of its sentence', async () => {
    const altered = rec.samples.slice();
    altered[6 * 1600 + 10]! ^= 1;
    expect(texts(await transcriptOf(payloads(altered)))).toEqual(['gamma delta', B.text]);
  });

  it('audio sent twice gives the sentence twice, under two ids, at its later offset', async () => {
    const items = await transcriptOf([...chunks.slice(0, 13), ...chunks.slice(0, 13)]);
    expect(texts(items)).toEqual([A.text, A.text]);
    expect(items[0]!.id).not.toBe(items[1]!.id);
    expect(items[1]!.start_offset_ms).toBe(ms(13 * 1600 + A.startSample));
  });

  it('unknown audio gives no text', async () => {
    expect(await transcriptOf(payloads(noise(1600 * 20, 99)))).toEqual([]);
  });
});
