import { afterEach, describe, expect, it } from 'vitest';
import { DictateSession } from '../../../../main/core/streaming/dictate-session.ts';
import { DictationText } from '../../../../main/core/streaming/dictation-text.ts';
import type { JournalRecord } from '../../../../main/core/journal/journal-records.ts';
import { replayJournal } from '../../../../main/core/journal/journal-replay.ts';
import type { JournalCheckpoint, SessionJournal } from '../../../../main/core/streaming/session-journal.ts';
import { FakePeer, FakeTokens, markerChunk, until } from './fake-peer.ts';

const peers: FakePeer[] = [];
const sessions: DictateSession[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) s.abort();
  for (const p of peers.splice(0)) await p.close();
});

const PLAN = { text: 'Plan: ', selectionStart: 6, selectionLength: 0 };

async function setup(context: typeof PLAN | null = PLAN, maxAttempts?: number) {
  const peer = new FakePeer({ acceptedTokens: ['t1'], dictate: true });
  peers.push(peer);
  const session = new DictateSession({
    baseUrl: await peer.listen(),
    tokens: new FakeTokens(['t1']),
    locale: 'ENGLISH_US',
    ...(context ? { context } : {}),
    reconnect: { baseMs: 5, capMs: 20, ...(maxAttempts === undefined ? {} : { maxAttempts }) },
    pingIntervalMs: 0,
  });
  sessions.push(session);
  return { peer, session };
}

describe('DictationText', () => {
  it('appends units as-is and applies a correction only while the text ends with its suffix', () => {
    const text = new DictationText();
    text.append('Blood pressure');
    text.append(' one forty.');
    expect(text.correct('one forty.', '140.')).toBe(true);
    expect(text.text).toBe('Blood pressure 140.');
    text.append(' Next');
    expect(text.correct('140.', '150.')).toBe(false);
    expect(text.text).toBe('Blood pressure 140. Next');
    text.rollback();
    expect(text.text).toBe('');
    text.append('A');
    text.commit();
    text.append('B');
    text.rollback();
    expect(text.text).toBe('A');
  });
});

describe('DictateSession', () => {
  it('sends the documented CONFIG without stream ids and appends dictated text and corrections', async () => {
    const { peer, session } = await setup();
    await session.start();
    const conn = await peer.waitForConnections(1);
    for (let i = 0; i < 20; i++) session.sendAudio(markerChunk(i + 1));
    await until(() => session.text === 'w0 w1 ');
    conn.send({ type: 'ASYNC_CORRECTION', suffix: 'w1 ', replacement: 'W1 ' });
    conn.send({ type: 'ASYNC_CORRECTION', suffix: 'nope', replacement: 'X' });
    await until(() => session.text === 'w0 W1 ');
    await session.end();
    expect(conn.config).toEqual({
      type: 'CONFIG',
      encoding: 'PCM_S16LE',
      sample_rate: 16000,
      punctuation_mode: 'EXPLICIT',
      dictation_locale: 'ENGLISH_US',
      enable_async_corrections: true,
      text_field_context: { text: 'Plan: ', selection_start: 6, selection_length: 0 },
    });
    expect(conn.url.pathname).toBe('/v1/core/user/dictate-ws');
    expect(conn.protocol).toBe('dictate-protocol');
    expect(conn.chunks.every((c) => c.streamId === undefined)).toBe(true);
    expect(session.text).toBe('w0 W1 ');
  });

  it('journals the confirmed text before it releases the audio: a crash between the two loses neither', async () => {
    const peer = new FakePeer({ acceptedTokens: ['t1'], dictate: true });
    peers.push(peer);
    const records: JournalRecord[] = [
      { kind: 'config', session: 'dictate', settings: {}, streams: ['d'], createdAt: 0 },
    ];
    const journal: SessionJournal = {
      writable: true,
      appendAudio: async (stream, index, samples) =>
        void records.push({ kind: 'audio', stream, index, samples }),
      readAudio: async () => {
        throw new Error('unused');
      },
      checkpoint: (c: JournalCheckpoint) => void records.push(c as JournalRecord),
      finish: async () => void records.push({ kind: 'finish' }),
      onStatus: () => () => undefined,
    };
    const session = new DictateSession({
      baseUrl: await peer.listen(),
      tokens: new FakeTokens(['t1']),
      locale: 'ENGLISH_US',
      journal,
      pingIntervalMs: 0,
    });
    sessions.push(session);
    await session.start();
    for (let i = 0; i < 20; i++) session.sendAudio(markerChunk(i + 1));
    await session.end();
    expect(session.text.length).toBeGreaterThan(0);
    // A crash whose last whole record is the first `released` (the next append never written).
    const cut = records.findIndex((r) => r.kind === 'released') + 1;
    async function* prefix() {
      yield* records.slice(0, cut);
    }
    const recovered = await replayJournal('x', prefix(), { cut: true });
    expect(recovered.committedText.length + recovered.uncovered.length).toBeGreaterThan(0);
    expect(recovered.committedText).toBe(session.text);
  });

  it('after a drop, rolls back the socket text and replays all its audio: nothing lost, nothing doubled', async () => {
    const { peer, session } = await setup();
    const rollbacks: string[] = [];
    session.on('text', (t) => t.rolledBack && rollbacks.push(t.text));
    await session.start();
    const first = await peer.waitForConnections(1);
    for (let i = 0; i < 25; i++) session.sendAudio(markerChunk(i + 1));
    await until(() => session.text === 'w0 w1 ' && first.chunks.length === 25);
    first.terminate();
    const second = await peer.waitForConnections(2);
    for (let i = 25; i < 30; i++) session.sendAudio(markerChunk(i + 1));
    await session.end();
    expect(rollbacks).toEqual(['']);
    expect(second.chunks.map((c) => c.marker)).toEqual([...Array(30).keys()].map((i) => i + 1));
    expect(second.chunks[0]!.seq).toBe(0);
    expect(session.text).toBe('w0 w1 w2 ');
  });

  /** A session with `reconnects` allowed whose first socket showed 'w0 w1 '; its text events. */
  async function showedTwoSentences(reconnects: number) {
    const { peer, session } = await setup(null, reconnects);
    const texts: { text: string; rolledBack: boolean }[] = [];
    session.on('text', (t) => texts.push(t));
    await session.start();
    const first = await peer.waitForConnections(1);
    for (let i = 0; i < 25; i++) session.sendAudio(markerChunk(i + 1));
    await until(() => session.text === 'w0 w1 ' && first.chunks.length === 25);
    return { peer, session, texts, first };
  }

  it('a drop the session fails with keeps the text it showed (no replay will bring it again)', async () => {
    const { session, texts, first } = await showedTwoSentences(0);
    first.terminate();
    await until(() => session.state === 'failed');
    expect(session.text).toBe('w0 w1 ');
    expect(texts.some((t) => t.rolledBack)).toBe(false);
  });

  it('a reconnect whose socket drops before any text, with the budget spent, keeps the text it showed', async () => {
    const { peer, session, texts, first } = await showedTwoSentences(1);
    // The one reconnect allowed is cut as soon as its CONFIG arrives: no ack, no text on it.
    peer.onConnection = (conn) => conn.ws.once('message', () => conn.terminate());
    first.terminate();
    await until(() => session.state === 'failed');
    expect(peer.connections).toHaveLength(2);
    expect(peer.connections[1]!.config).toBeDefined();
    expect(session.text).toBe('w0 w1 ');
    expect(texts.some((t) => t.rolledBack)).toBe(false);
  });

  /** A session over a peer that says only what the test scripts; its first socket showed 'Misheard ', then dropped. */
  async function droppedAfterScriptedText() {
    const peer = new FakePeer({ acceptedTokens: ['t1'], dictate: true, recognise: false });
    peers.push(peer);
    const session = new DictateSession({
      baseUrl: await peer.listen(),
      tokens: new FakeTokens(['t1']),
      locale: 'ENGLISH_US',
      reconnect: { baseMs: 5, capMs: 20 },
      pingIntervalMs: 0,
    });
    sessions.push(session);
    const texts: { text: string; rolledBack: boolean }[] = [];
    session.on('text', (t) => texts.push(t));
    await session.start();
    const first = await peer.waitForConnections(1);
    for (let i = 0; i < 5; i++) session.sendAudio(markerChunk(i + 1));
    await until(() => first.chunks.length === 5);
    first.send({ type: 'DICTATED_TEXT', text: 'Misheard ' });
    await until(() => session.text === 'Misheard ');
    first.terminate();
    const second = await peer.waitForConnections(2);
    await until(() => second.chunks.length === 5);
    return { peer, session, texts, second };
  }

  it('a correction as the replay’s first frame takes the dropped text back first: it cannot touch those words', async () => {
    const { session, texts, second } = await droppedAfterScriptedText();
    expect(session.text).toBe('Misheard ');
    // About the replay's own text (none yet): it must not touch the dropped socket's words.
    second.send({ type: 'ASYNC_CORRECTION', suffix: 'Misheard ', replacement: 'Heard ' });
    second.send({ type: 'DICTATED_TEXT', text: 'Heard ' });
    await until(() => texts.length === 3);
    expect(texts).toEqual([
      { text: 'Misheard ', rolledBack: false },
      { text: '', rolledBack: true },
      { text: 'Heard ', rolledBack: false },
    ]);
  });

  it('a correction first after a drop that fits nothing the replay continues from keeps the words shown', async () => {
    const { session, texts, second } = await droppedAfterScriptedText();
    second.send({ type: 'ASYNC_CORRECTION', suffix: 'Misheard ', replacement: 'Heard ' });
    // The service then ends the session for good, before the replay brought any text.
    second.send({ type: 'ERROR_MESSAGE', code: 83005 });
    second.close(1008);
    await until(() => session.state === 'failed');
    expect(session.text).toBe('Misheard ');
    expect(texts).toEqual([{ text: 'Misheard ', rolledBack: false }]);
  });

  it('a replay that closes cleanly after END without any text still takes the dropped text back', async () => {
    const { session, texts } = await droppedAfterScriptedText();
    expect(session.text).toBe('Misheard ');
    // The replay covered the same audio and made no text of it: the service's word is the last one.
    await session.end();
    expect(session.state).toBe('closed');
    expect(session.text).toBe('');
    expect(texts.at(-1)).toEqual({ text: '', rolledBack: true });
  });

  it('omits text_field_context when the field cannot be read, and continues from committed text after a pause', async () => {
    const { peer, session } = await setup(null);
    await session.start();
    const first = await peer.waitForConnections(1);
    for (let i = 0; i < 10; i++) session.sendAudio(markerChunk(i + 1));
    await until(() => first.config !== undefined);
    expect(first.config).not.toHaveProperty('text_field_context');
    expect(first.config).toHaveProperty('dictation_locale', 'ENGLISH_US');
    await session.pause();
    await session.resume();
    const second = await peer.waitForConnections(2);
    await until(() => second.config !== undefined);
    expect(second.config?.text_field_context).toEqual({
      text: 'w0 ',
      selection_start: 3,
      selection_length: 0,
    });
    await session.end();
  });

  it('after a pause, the next socket continues from the committed text', async () => {
    const { peer, session } = await setup();
    await session.start();
    for (let i = 0; i < 10; i++) session.sendAudio(markerChunk(i + 1));
    await session.pause();
    await session.resume();
    const second = await peer.waitForConnections(2);
    await until(() => second.config !== undefined);
    expect(second.config?.text_field_context).toEqual({
      text: 'Plan: w0 ',
      selection_start: 9,
      selection_length: 0,
    });
    for (let i = 10; i < 20; i++) session.sendAudio(markerChunk(i + 1));
    await session.end();
    expect(session.text).toBe('w0 w1 ');
  });
});
