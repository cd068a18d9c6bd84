/**
 * When a dropped dictation socket's text is taken back, against the local service: only once the replay on
 * the next socket brings text again. A session that fails after the reconnect but before the replay's first
 * words keeps the words the clinician saw; a normal reconnect takes them back just before the replay's
 * first unit, and neither loses nor doubles a word.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DictateSession } from '../../../../main/core/streaming/dictate-session.ts';
import type { SocketRecord } from '../../../service/streaming-faults.ts';
import { dictateSession, expectedSentences, fixtureChunks, streamingPerFile, until } from './harness.ts';

const h = streamingPerFile();
const sessions: DictateSession[] = [];
const listeners: Array<(record: never, type: string) => void> = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.abort();
  for (const l of listeners.splice(0)) h.streaming.off('frame', l);
});

const sentences = expectedSentences('dictation.wav');
const written = sentences.map((s) => s.written).join('');
const first = sentences[0]!;

/** A session that has been sent the first sentence (and a little after it) and shown its words. */
async function afterFirstSentence(): Promise<{
  session: DictateSession;
  texts: { text: string; rolledBack: boolean }[];
  chunks: Int16Array[];
  sent: number;
  socket: SocketRecord;
}> {
  const session = dictateSession(h);
  sessions.push(session);
  const texts: { text: string; rolledBack: boolean }[] = [];
  session.on('text', (t) => texts.push(t));
  const chunks = fixtureChunks('dictation.wav');
  const sent = Math.ceil(first.endMs / 100) + 3;
  await session.start();
  for (const chunk of chunks.slice(0, sent)) session.sendAudio(chunk);
  await until(() => session.text === first.written, 'the first sentence');
  return { session, texts, chunks, sent, socket: h.streaming.sockets.at(-1)! };
}

/** Calls `act` with the next socket's record once its CONFIG arrived (the session has started it). */
function onNextConfig(after: SocketRecord, act: (record: SocketRecord) => void): void {
  const listener = (record: SocketRecord, type: string): void => {
    if (record.id > after.id && type === 'CONFIG') act(record);
  };
  listeners.push(listener as (record: never, type: string) => void);
  h.streaming.on('frame', listener as (record: never, type: string) => void);
}

describe('dictation: taking a dropped socket’s text back', () => {
  it('a session that fails after the reconnect, before the replay’s first words, keeps the words shown', async () => {
    const { session, texts, socket } = await afterFirstSentence();
    let textAtConfig: string | undefined;
    onNextConfig(socket, (record) => {
      textAtConfig = session.text;
      // Once the service read the CONFIG (not inside its frame handler): a non-retryable error, then close.
      setImmediate(() => h.streaming.sendError({ code: 83005 }, { closeCode: 1008, socketId: record.id }));
    });
    h.streaming.terminateAll();
    await until(() => session.state === 'failed', 'the session to fail');
    const replay = h.streaming.sockets.find((s) => s.id > socket.id)!;
    expect(replay.config).toBeDefined(); // the reconnect did start a new socket
    expect(replay.errorsSent).toEqual([83005]);
    expect(textAtConfig).toBe(first.written);
    expect(session.text).toBe(first.written);
    expect(texts.filter((t) => t.rolledBack)).toEqual([]);
    expect(texts.at(-1)).toEqual({ text: first.written, rolledBack: false });
  });

  it('a normal reconnect takes the words back just before the replay’s first unit: none lost or doubled', async () => {
    const { session, texts, chunks, sent, socket } = await afterFirstSentence();
    let textAtConfig: string | undefined;
    onNextConfig(socket, () => (textAtConfig = session.text));
    const shown = texts.length;
    h.streaming.terminateAll();
    for (const chunk of chunks.slice(sent)) session.sendAudio(chunk);
    await session.end();
    expect(session.state).toBe('closed');
    expect(textAtConfig).toBe(first.written);
    expect(session.text).toBe(written);
    // The cut, then the replay's first unit (the first sentence again), as two events in that order.
    expect(texts.slice(shown, shown + 2)).toEqual([
      { text: '', rolledBack: true },
      { text: first.written, rolledBack: false },
    ]);
    expect(texts.filter((t) => t.rolledBack)).toHaveLength(1);
  });
});
