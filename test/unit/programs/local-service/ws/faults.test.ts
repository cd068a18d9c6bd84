import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connect,
  payloads,
  sendChunks,
  startService,
  syntheticRecording,
  transcribeConfig,
  type Harness,
  type RawClient,
} from './helpers.ts';

const chunks = payloads(syntheticRecording().samples);
let h: Harness;
beforeAll(async () => {
  h = await startService([syntheticRecording()], { timings: { recognitionLatencyMs: 10 } });
});
beforeEach(() => h.control.setAckDelay(0));
afterEach(() => void vi.useRealTimers());
afterAll(() => h.close());

async function open(): Promise<RawClient> {
  const c = await connect(h);
  c.send(transcribeConfig());
  return c;
}
const acks = (c: RawClient): unknown[] => c.of('AUDIO_CHUNK_ACK').map((f) => f.ack_id);

describe('fault injection', () => {
  it('drops the next socket, without a close frame, when the chosen seq_id arrives', async () => {
    const current = await open();
    h.control.dropOnSeq(3);
    sendChunks(current, chunks, { streamId: 'main', to: 5 });
    await current.next((f) => f.ack_id === 4); // the socket open at the time is spared
    const next = await open();
    sendChunks(next, chunks, { streamId: 'main', to: 5 });
    expect((await next.closed).code).toBe(1006);
    expect(acks(next)).toEqual([0, 1, 2]);
    const record = h.control.sockets.at(-1)!;
    expect(record).toMatchObject({ closedBy: 'terminated', chunksByStream: { main: 3 } });
    current.ws.close();
  });

  it('drops any socket, and only on the chosen stream', async () => {
    const c = await connect(h);
    c.send(
      transcribeConfig({
        streams: [
          { id: 'd', speaker_type: 'DOCTOR' },
          { id: 'p', speaker_type: 'PATIENT' },
        ],
      }),
    );
    h.control.dropOnSeq(2, { on: 'any', streamId: 'p' });
    sendChunks(c, chunks, { streamId: 'd', to: 4 });
    await c.next((f) => f.ack_id === 3 && f.stream_id === 'd');
    sendChunks(c, chunks, { streamId: 'p', to: 4 });
    expect((await c.closed).code).toBe(1006);
  });

  it('delays acknowledgements', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); // the service's clock is driven
    h.control.setAckDelay(300);
    const c = await open();
    sendChunks(c, chunks, { streamId: 'main', to: 2 });
    await c.roundTrip();
    vi.advanceTimersByTime(299);
    await c.roundTrip();
    expect(acks(c)).toEqual([]);
    vi.advanceTimersByTime(1);
    await c.next((f) => f.ack_id === 1);
    c.ws.close();
  });

  it.each([
    [401, 'TOKEN_EXPIRED'],
    [503, 'SERVICE_UNAVAILABLE'],
  ] as const)('fails the next upgrade with %i, and only that one', async (status, name) => {
    h.control.failNextUpgrade(status);
    const refused = await connect(h).then(
      () => undefined,
      (e: { status: number; body: string }) => e,
    );
    expect(refused?.status).toBe(status);
    expect(JSON.parse(refused!.body).name).toBe(name);
    (await connect(h)).ws.close();
  });

  it('sends an error frame with an unknown code, keeping the socket open unless told to close', async () => {
    const c = await open();
    const socketId = h.control.sockets.at(-1)!.id;
    expect(h.control.sendError({ code: 99999, name: 'SOMETHING_NEW' }, { socketId })).toBe(1);
    expect(await c.next((f) => f.type === 'ERROR_MESSAGE')).toMatchObject({
      code: 99999,
      name: 'SOMETHING_NEW',
      trace_id: expect.any(String),
    });
    sendChunks(c, chunks, { streamId: 'main', to: 1 });
    await c.next((f) => f.ack_id === 0);
    h.control.sendError({ code: 83011 }, { socketId, closeCode: 1011 });
    expect((await c.closed).code).toBe(1011);
  });

  it('closes with a chosen code', async () => {
    const c = await open();
    h.control.closeSockets(4000, { reason: 'maintenance', socketId: h.control.sockets.at(-1)!.id });
    expect(await c.closed).toEqual({ code: 4000, reason: 'maintenance' });
    expect(h.control.sockets.at(-1)).toMatchObject({ state: 'closed', closedBy: 'server', closeCode: 4000 });
  });

  it('counts the frames received per socket', async () => {
    const a = await open();
    const b = await open();
    sendChunks(a, chunks, { streamId: 'main', to: 3 });
    sendChunks(b, chunks, { streamId: 'main', to: 1 });
    await a.next((f) => f.ack_id === 2);
    await b.next((f) => f.ack_id === 0);
    const [ra, rb] = h.control.sockets.slice(-2);
    expect(ra).toMatchObject({ framesReceived: 4, framesByType: { CONFIG: 1, AUDIO_CHUNK: 3 } });
    expect(rb).toMatchObject({ framesReceived: 2, framesByType: { CONFIG: 1, AUDIO_CHUNK: 1 } });
    expect(h.control.openSockets().map((r) => r.id)).toEqual(expect.arrayContaining([ra!.id, rb!.id]));
    h.control.terminateAll();
    expect((await a.closed).code).toBe(1006);
  });
});
