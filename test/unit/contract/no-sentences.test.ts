/**
 * Nothing crosses IPC as a sentence: the visit's failure, an input warning and a refused hotkey cross as
 * codes with closed params, and the renderer words them. Each canary below is free text that a bug in main
 * could put where a sentence used to be; it must never reach the renderer.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRendererEvents } from '../../../main/core/ipc/event-emitter.ts';
import { openNodeSettingsStore } from '../../../main/core/config/node-settings-store.ts';
import { resolveConfig } from '../../../main/core/config/resolve-config.ts';
import { DictationSettingsStore } from '../../../main/features/dictation/dictation-settings.ts';
import {
  deviceLabel,
  events,
  InputWarningSchema,
  KeyCheckResultSchema,
  type VisitState,
} from '../../../preload/contract/index.ts';
import { formatError, inputWarningText } from '../../../preload/words/index.ts';

const CANARY = 'Patient Jane Canary, chest pain since Tuesday';

function visitState(over: Record<string, unknown>): VisitState {
  return {
    phase: 'failed',
    connection: 'offline',
    nothingLost: false,
    sample: false,
    elapsedMs: 0,
    finalItems: 0,
    error: null,
    ...over,
  } as VisitState;
}

/** What the renderer receives for one `visit:state` push (through the production event map). */
function pushed(state: VisitState): string {
  const sent: unknown[] = [];
  const emitter = createRendererEvents({ events, send: (_, payload) => sent.push(payload) });
  expect(emitter.emit('visit:state', state)).toBe(true);
  return JSON.stringify(sent);
}

describe('the visit state carries codes, not sentences', () => {
  it('sends a failure as its code alone: a sentence put beside it is stripped', () => {
    const state = visitState({ error: { code: 'stream_failed', message: CANARY } });
    const wire = pushed(state);
    expect(wire).toContain('stream_failed');
    expect(wire).not.toContain('Canary');
    expect(JSON.parse(wire)[0].error).toEqual({ code: 'stream_failed' });
    expect(formatError(JSON.parse(wire)[0].error)).toBe(
      'The transcription stopped and could not recover. The transcript so far is kept.',
    );
  });

  it('refuses a failure whose params are not the closed ones', () => {
    const state = visitState({ error: { code: 'stream_failed', params: { reason: CANARY } } });
    const emitter = createRendererEvents({ events, send: () => expect.unreachable() });
    expect(emitter.emit('visit:state', state)).toBe(false);
  });

  it('sends an input warning as facts: a sentence put beside them is stripped, the renderer words them', () => {
    const warning = { stream: 'clinician', code: 'no_sound', dual: false, seconds: 10, message: CANARY };
    const wire = pushed(visitState({ phase: 'recording', inputWarnings: [warning] }));
    expect(wire).not.toContain('Canary');
    const [sent] = JSON.parse(wire)[0].inputWarnings;
    expect(sent).toEqual({ stream: 'clinician', code: 'no_sound', dual: false, seconds: 10 });
    expect(inputWarningText(sent)).toBe(
      'No sound from the microphone for 10 seconds. Check that it is not muted or unplugged.',
    );
  });

  it('lets a device name through only as one short line (the OS names hardware; the picker shows it)', () => {
    const base = { stream: 'patient', code: 'input_lost', dual: true, reason: 'device_lost' } as const;
    const long = `USB Mic\n${'x'.repeat(200)}`;
    expect(InputWarningSchema.safeParse({ ...base, device: long }).success).toBe(false);
    const label = deviceLabel(long);
    expect(label).not.toContain('\n');
    expect(label.length).toBeLessThanOrEqual(100);
    expect(InputWarningSchema.safeParse({ ...base, device: label }).success).toBe(true);
    expect(inputWarningText({ ...base, device: 'Speakerphone' })).toBe(
      "The patient's input (Speakerphone) stopped working and is not recorded; the other microphone goes on recording. Check its connection.",
    );
  });
});

describe('a refused hotkey carries closed names, never what was typed', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function settings(): Promise<DictationSettingsStore> {
    dir = await mkdtemp(path.join(tmpdir(), 'no-sentences-'));
    const resolved = resolveConfig({});
    if (!resolved.ok) throw new Error('config');
    return new DictationSettingsStore(openNodeSettingsStore(dir), resolved, 'linux');
  }

  it('answers text that is not a key with a reason only', async () => {
    const check = (await settings()).checkKey('toggleKey', CANARY);
    expect(JSON.stringify(check)).not.toMatch(/Canary|Patient|chest/);
    expect(check).toMatchObject({ ok: false, key: null, refusal: { reason: 'key_unreadable' } });
    expect(KeyCheckResultSchema.parse(check)).toEqual(check);
  });

  it('answers a reserved chord with its use and the chord by its names', async () => {
    const check = (await settings()).checkKey('toggleKey', 'ctrl+c');
    expect(check.refusal).toEqual({
      reason: 'key_reserved',
      use: 'copy',
      chord: { modifiers: ['Control'], key: 'C' },
    });
    expect(KeyCheckResultSchema.parse(check)).toEqual(check);
  });

  it('refuses an answer with a sentence or a key name outside the closed list', () => {
    const refusal = { reason: 'key_reserved', use: 'copy', chord: { modifiers: ['Control'], key: 'C' } };
    const ok = { ok: false, key: null, refusal, alternatives: ['F10'] };
    expect(KeyCheckResultSchema.safeParse(ok).success).toBe(true);
    for (const bad of [
      { ...ok, refusal: { ...refusal, message: CANARY } },
      { ...ok, refusal: { ...refusal, chord: { modifiers: [], key: CANARY } } },
      { ...ok, refusal: { ...refusal, use: CANARY } },
      { ...ok, alternatives: [CANARY] },
      { ...ok, ok: true, key: CANARY, refusal: null },
    ])
      expect(KeyCheckResultSchema.safeParse(bad).success).toBe(false);
  });
});
