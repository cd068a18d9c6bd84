import { describe, expect, it } from 'vitest';
import {
  canTransition,
  isLive,
  SESSION_TRANSITIONS,
  SessionMachine,
} from '../../../../main/core/streaming/session-machine.ts';
import type { SessionState } from '../../../../main/core/streaming/session-types.ts';
import { StreamingError } from '../../../../main/core/streaming/streaming-error.ts';
import type { DictateSession } from '../../../../main/core/streaming/dictate-session.ts';
import type { TranscribeSession } from '../../../../main/core/streaming/transcribe-session.ts';

const STATES = Object.keys(SESSION_TRANSITIONS) as SessionState[];

/** A machine walked along `path` from idle; the states it reported. */
function walk(path: SessionState[]): { machine: SessionMachine; seen: SessionState[] } {
  const seen: SessionState[] = [];
  const machine = new SessionMachine(
    (state) => seen.push(state),
    () => undefined,
  );
  for (const state of path) machine.to(state);
  return { machine, seen };
}

describe('the streaming session transition table', () => {
  it('walks the documented lifetimes: start to close, a drop and its replay, pause and resume', () => {
    expect(walk(['connecting', 'configuring', 'streaming', 'ending', 'closed']).seen).toEqual([
      'connecting',
      'configuring',
      'streaming',
      'ending',
      'closed',
    ]);
    const drop = ['connecting', 'configuring', 'streaming', 'reconnecting', 'configuring', 'streaming'];
    expect(walk(drop as SessionState[]).machine.state).toBe('streaming');
    const pause = ['connecting', 'configuring', 'streaming', 'ending', 'paused', 'connecting'];
    expect(walk(pause as SessionState[]).machine.state).toBe('connecting');
    expect(walk(['closed']).machine.state).toBe('closed'); // aborted before it started
  });

  it('throws on a transition the table does not name, and stays where it was', () => {
    const { machine, seen } = walk(['connecting']);
    expect(() => machine.to('streaming')).toThrow(/Impossible session transition connecting → streaming/);
    expect(machine.state).toBe('connecting');
    expect(seen).toEqual(['connecting']);
    expect(() => walk(['streaming'])).toThrow(/idle → streaming/);
    expect(() => walk(['connecting', 'paused', 'streaming'])).toThrow(/paused → streaming/);
  });

  it('treats closed and failed as final: every way out of them throws', () => {
    for (const end of ['closed', 'failed'] as const) {
      const { machine } = walk(['connecting', end]);
      for (const next of STATES.filter((s) => s !== end)) expect(() => machine.to(next)).toThrow();
    }
  });

  it('lets every live phase fail or close, and nothing go back to idle', () => {
    for (const from of STATES.filter(isLive)) {
      expect(canTransition(from, 'failed')).toBe(true);
      expect(canTransition(from, 'closed')).toBe(true);
    }
    for (const from of STATES) expect(canTransition(from, 'idle')).toBe(false);
    expect(isLive('idle')).toBe(false);
    expect(isLive('paused')).toBe(true);
  });

  it('staying in a phase is no transition and reports nothing', () => {
    const { machine, seen } = walk(['connecting']);
    expect(machine.to('connecting')).toBe(false);
    expect(seen).toEqual(['connecting']);
  });

  it('until() resolves on the phase, and rejects when the session fails or closes first', async () => {
    const failure = new StreamingError('unauthorized', 'No sign-in.');
    const machine = new SessionMachine(
      () => undefined,
      () => failure,
    );
    const streaming = machine.until((s) => s === 'streaming');
    machine.to('connecting');
    machine.to('configuring');
    machine.to('streaming');
    await expect(streaming).resolves.toBeUndefined();
    const paused = machine.until((s) => s === 'paused');
    machine.to('failed');
    await expect(paused).rejects.toBe(failure);
    const closing = walk(['connecting']).machine;
    const never = closing.until((s) => s === 'streaming');
    closing.to('closed');
    await expect(never).rejects.toMatchObject({ code: 'invalid_state' });
  });

  it('SocketRun reaches a session only through its port: none of its callbacks is a public member', () => {
    type Callbacks =
      'wantsEnd' | 'onAckProgress' | 'onEndSent' | 'onContent' | 'streamIdOf' | 'streamsForAck';
    // Checked by the type checker: a callback made public again drops out of Exclude and fails to compile.
    const hidden: Exclude<Callbacks, keyof TranscribeSession | keyof DictateSession>[] = [
      'wantsEnd',
      'onAckProgress',
      'onEndSent',
      'onContent',
      'streamIdOf',
      'streamsForAck',
    ];
    expect(hidden).toHaveLength(6);
  });
});
