/**
 * What the rest of main reads of a visit (the composition root, the busy signals, dictation's microphone
 * lock, the shells): VisitService's own surface, with its recorder and ports kept private. Dictation gives way
 * as soon as the consent tick armed the microphone, not only once the visit records. It reports each
 * step (the audit trail listens).
 */
import { describe, expect, it, vi } from 'vitest';
import { FakeAudioSource } from '../../../../main/core/audio/audio-source.fake.ts';
import type { VisitEvent } from '../../../../main/features/visit/ports.ts';
import { MemoryPreferenceStore } from '../../../../main/features/settings/preferences.ts';
import { composeFeatures } from '../../../../main/compose/composition-root.ts';
import { FakeTranscriber, fakeConnection } from './fakes.ts';

function visitApp() {
  const transcriber = new FakeTranscriber();
  const connection = fakeConnection({ transcriber });
  const app = composeFeatures({
    connector: { connect: async () => connection, restore: async () => null, forget: async () => undefined },
    sample: null,
    audio: {
      list: async () => [{ id: 'mic', label: 'Mic', isDefault: true }],
      // A microphone that keeps delivering, paced like a device, for longer than the test runs.
      open: () => new FakeAudioSource({ samples: new Int16Array(16_000 * 30), pace: 'realtime' }),
    },
    clipboard: { writeText: async () => ({ transient: true }) },
    preferences: new MemoryPreferenceStore(),
    emit: () => undefined,
    platform: 'linux',
  });
  return { app, transcriber };
}

const speakers = { mode: 'single', deviceId: 'mic' } as const;

describe("VisitService's surface", () => {
  it('says when the visit has the microphone: armed after the consent tick, while recording, not after', async () => {
    const { app, transcriber } = visitApp();
    await app.connections.configure('https://us.api.example.com', {
      kind: 'user-refresh-token',
      refreshToken: 'r',
    });
    expect(app.visit.usesMicrophone).toBe(false);

    await app.visit.arm({ consentAcknowledged: true, speakers });
    expect(app.visit.usesMicrophone).toBe(true);
    expect(app.visit.active).toBe(false);

    await app.visit.start({ consentAcknowledged: true, locales: ['ENGLISH_US'], speakers });
    await vi.waitFor(() => expect(app.visit.state.phase).toBe('recording'));
    expect(app.visit.active).toBe(true);
    expect(app.visit.usesMicrophone).toBe(true);

    const item = { id: 'a', text: 'Hello.', speaker: 'DOCTOR', startMs: 0, endMs: 500, final: true } as const;
    transcriber.sessions[0]!.item(item);
    await vi.waitFor(() => expect(app.visit.transcript()).toEqual([item]));
    expect(app.visit.finalTranscript()).toHaveLength(1);

    await app.visit.end('window');
    expect(app.visit.state.phase).toBe('ended');
    expect(app.visit.active).toBe(false);
    expect(app.visit.usesMicrophone).toBe(false);
  });

  it('reports each step of a visit, with what ended it, and nothing for a refused command', async () => {
    const { app } = visitApp();
    const reported: VisitEvent[] = [];
    app.visit.onDidReport((event) => void reported.push(event));
    await expect(app.visit.end('tray')).rejects.toThrow(); // no visit to end
    await app.connections.configure('https://us.api.example.com', {
      kind: 'user-refresh-token',
      refreshToken: 'r',
    });
    await app.visit.arm({ consentAcknowledged: true, speakers });
    await app.visit.start({ consentAcknowledged: true, locales: ['ENGLISH_US'], speakers });
    await vi.waitFor(() => expect(app.visit.state.phase).toBe('recording'));
    await app.visit.pause();
    await app.visit.resume();
    await app.visit.end('tray');
    await app.visit.discard();
    expect(reported).toEqual([
      { kind: 'consent_acknowledged' },
      { kind: 'visit_started', sample: false, streams: 1 },
      { kind: 'visit_paused' },
      { kind: 'visit_resumed' },
      { kind: 'visit_ended', how: 'tray' },
      { kind: 'visit_discarded' },
    ]);
  });

  it('keeps its recorder and ports to itself', () => {
    const { app } = visitApp();
    expect(Object.keys(app.visit)).toEqual([]);
    expect('recorder' in app.visit || 'deps' in app.visit).toBe(false);
    expect(Object.keys(app)).not.toContain('deps');
  });
});
