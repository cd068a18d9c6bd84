/**
 * A TranscribeSession against a FakePeer, as the transcription tests open it: one doctor stream, quick
 * reconnects, no pings. `transcribeOnPeer()` (called once at the top of a test file) closes them after each test.
 */
import { afterEach } from 'vitest';
import type { AccessTokenSource } from '../../../../main/core/api/auth/token-source.ts';
import {
  TranscribeSession,
  type TranscribeSessionOptions,
} from '../../../../main/core/streaming/transcribe-session.ts';
import { FakePeer, type FakePeerOptions } from './fake-peer.ts';

export function transcribeOnPeer() {
  const peers: FakePeer[] = [];
  const sessions: TranscribeSession[] = [];
  afterEach(async () => {
    for (const s of sessions.splice(0)) s.abort();
    for (const p of peers.splice(0)) await p.close();
  });
  /** A listening peer that accepts `t1` (unless `peerOptions` say otherwise) and a session to it, not started. */
  return async function open(
    peerOptions: Partial<FakePeerOptions>,
    options: Partial<TranscribeSessionOptions>,
    tokens: AccessTokenSource,
  ): Promise<{ peer: FakePeer; session: TranscribeSession }> {
    const peer = new FakePeer({ acceptedTokens: ['t1'], ...peerOptions });
    peers.push(peer);
    const session = new TranscribeSession({
      baseUrl: await peer.listen(),
      tokens,
      speechLocales: ['ENGLISH_US'],
      streams: [{ id: 'doctor', speakerType: 'DOCTOR' }],
      reconnect: { baseMs: 5, capMs: 20 },
      pingIntervalMs: 0,
      ...options,
    });
    sessions.push(session);
    return { peer, session };
  };
}
