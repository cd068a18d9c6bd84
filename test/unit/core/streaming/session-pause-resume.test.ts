/**
 * Pause pressed while the session still connects, then Resume before the backlog (and so END) went out:
 * the socket keeps streaming and the session says so, and Resume settles (the overtaken pause never does, and need not).
 */
import { afterEach, expect, it, vi } from 'vitest';
import { TranscribeSession } from '../../../../main/core/streaming/transcribe-session.ts';
import { FakePeer, FakeTokens, markerChunk } from './fake-peer.ts';

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

it('resume() after a pause that caught the socket configuring streams on, and resume() settles', async () => {
  const peer = new FakePeer({ acceptedTokens: ['t1'], autoAck: false });
  const baseUrl = await peer.listen();
  cleanup.push(() => peer.close());
  const session = new TranscribeSession({
    baseUrl,
    tokens: new FakeTokens(['t1']),
    speechLocales: ['ENGLISH_US'],
    streams: [{ id: 'doctor', speakerType: 'DOCTOR' }],
    pingIntervalMs: 0,
    maxInFlightMs: 500, // a backlog larger than one window: END waits for acks
    reconnect: { baseMs: 5, capMs: 20 },
  });
  cleanup.push(() => session.abort());
  const states: string[] = [];
  session.on('state', (s) => states.push(s));
  session.start().catch(() => undefined);
  for (let i = 0; i < 30; i++) session.sendAudio('doctor', markerChunk(i + 1)); // said while connecting
  let paused = false;
  session.pause().then(
    () => (paused = true),
    () => undefined,
  );
  const conn = await peer.waitForConnections(1);
  await vi.waitFor(() => expect(conn.chunks.length).toBeGreaterThanOrEqual(5));
  let resumed = false;
  session.resume().then(
    () => (resumed = true),
    () => undefined,
  );
  const acking = setInterval(() => peer.ackAll(conn), 20);
  cleanup.push(() => clearInterval(acking));

  await vi.waitFor(() => expect(conn.chunks.length).toBe(30));
  for (let i = 30; i < 40; i++) expect(session.sendAudio('doctor', markerChunk(i + 1))).toBe(true);
  await vi.waitFor(() => expect(conn.chunks.length).toBe(40));
  await vi.waitFor(() => expect(resumed).toBe(true));
  expect(session.state).toBe('streaming');
  expect(conn.ended).toBe(false); // no END: the resume kept the socket
  expect(states).not.toContain('ending');
  expect(paused).toBe(false); // the pause was overtaken, never reached
});
