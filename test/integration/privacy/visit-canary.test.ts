/**
 * Patient data never leaks out of the visit services: a visit runs through the IPC router exactly as the
 * renderer calls it, over a local service whose transcript carries a canary phrase, and then every handler
 * is made to fail (service errors whose bodies echo the canary, limits, stale edits, a refusing clipboard,
 * a stream failure). The canary may reach the renderer only where it is displayed (transcript items and the
 * note); never in an `{ok: false}` error, the router's failure reports, other events, the console, or the
 * settings file. Copying goes through the clipboard port: the note text never crosses IPC.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openNodeSettingsStore } from '../../../main/core/config/node-settings-store.ts';
import type { VisitState } from '../../../preload/contract/index.ts';
import { FIXTURE_DIR } from '../../fixtures/audio/manifest.ts';
import {
  expectedSentences,
  startStreamingHarness,
  until,
  type StreamingHarness,
} from '../core/streaming/harness.ts';
import {
  CANARY,
  CANARY_ERROR,
  CANARY_PHRASE,
  bytesHaveCanary,
  canaryRecognizer,
  hasCanary,
  OutputCapture,
  readTree,
  type CanaryHooks,
} from './canary-kit.ts';
import { startVisitRig, type VisitRig } from './visit-harness.ts';

type Result =
  { ok: true; data: unknown } | { ok: false; error: { code: string; message: string; retryable: boolean } };

let h: StreamingHarness;
let root: string;
let rig: VisitRig;
let capture: OutputCapture;
const hooks: CanaryHooks = {};

beforeAll(async () => {
  h = await startStreamingHarness({ streaming: { recognizer: canaryRecognizer(hooks) } });
  root = await mkdtemp(join(tmpdir(), 'privacy-visit-'));
  rig = startVisitRig({ settingsDir: join(root, 'settings'), audioFile: join(FIXTURE_DIR, 'visit.wav') });
  capture = new OutputCapture().start();
});
afterAll(async () => {
  capture.stop();
  await rig.dispose();
  await h.close();
  await rm(root, { recursive: true, force: true });
});

async function call(channel: Parameters<VisitRig['invoke']>[0], request: unknown = {}): Promise<Result> {
  return (await rig.invoke(channel, request)) as Result;
}

/** A failure for the renderer: the expected code ('*': any), and no canary anywhere in it. */
function expectCleanFailure(result: Result, code: string, label = ''): void {
  expect(result.ok, `${label} ${JSON.stringify(result)}`).toBe(false);
  expect(hasCanary(JSON.stringify(result)), JSON.stringify(result)).toBe(false);
  if (!result.ok && code !== '*') expect(result.error.code, label).toBe(code);
}

async function runVisit(): Promise<VisitState> {
  const started = await call('visit:start', {
    consentAcknowledged: true,
    locales: ['ENGLISH_US'],
    speakers: { mode: 'single', deviceId: 'file-mic' },
  });
  expect(started.ok, JSON.stringify(started)).toBe(true);
  // The recording runs out by itself; the visit then ends (every item arrived) or fails.
  await until(() => ['ended', 'failed'].includes(rig.app.visit.state.phase), 'the visit to finish');
  return rig.app.visit.state;
}

const noteText = (): string => JSON.stringify(rig.app.notes.note);

describe('a visit whose transcript carries patient data', () => {
  it('the failure check can fail', () => {
    const leaky: Result = {
      ok: false,
      error: { code: 'service_error', message: CANARY_ERROR, retryable: false },
    };
    expect(() => expectCleanFailure(leaky, 'service_error')).toThrow();
    expect(() => expectCleanFailure({ ok: true, data: {} }, 'service_error')).toThrow();
  });

  it('connects, records and writes the note: the canary reaches the transcript and the note', async () => {
    const connected = await call('connect:configure', {
      baseUrl: h.service.url,
      credentials: { kind: 'server', clientId: h.fixtures.staticClient.id, privateKeyPem: h.staticPem },
    });
    expect(connected.ok, JSON.stringify(connected)).toBe(true);
    expect(
      (await call('settings:update', { clinicianDeviceId: 'file-mic', speechLocales: ['ENGLISH_US'] })).ok,
    ).toBe(true);
    expect((await runVisit()).phase).toBe('ended');
    const transcript = await call('visit:transcript');
    expect(transcript.ok && hasCanary(JSON.stringify(transcript.data))).toBe(true);
    const note = await call('note:generate', {
      templateKey: null,
      locale: null,
      mode: 'sync',
      extraContext: null,
    });
    expect(note.ok, JSON.stringify(note)).toBe(true);
    expect(hasCanary(noteText())).toBe(true);
  });

  it('copying puts the note on the clipboard port; only a count crosses IPC', async () => {
    const copied = await call('copy:note', { sectionKey: null });
    expect(copied.ok).toBe(true);
    expect(rig.clipboard.writes).toHaveLength(1);
    const written = rig.clipboard.writes[0]!;
    expect(hasCanary(written)).toBe(true);
    expect(copied.ok && copied.data).toEqual({ chars: written.length, transient: true });
    expect(hasCanary(JSON.stringify(copied))).toBe(false);
  });

  it('every handler failure is a code and contract words, never the patient data around it', async () => {
    const note = rig.app.notes.note!;
    const echo = (path: RegExp, status: number) => rig.echo.next(path, status, CANARY_ERROR);
    const cases: Array<[string, () => Promise<Result>]> = [
      [
        'service_error',
        () => (
          echo(/generate-note$/, 500),
          call('note:generate', {
            templateKey: null,
            locale: null,
            mode: 'sync',
            extraContext: CANARY_PHRASE,
          })
        ),
      ],
      [
        'invalid_request',
        () => (
          echo(/generate-note$/, 400),
          call('note:generate', { templateKey: null, locale: null, mode: 'sync', extraContext: null })
        ),
      ],
      [
        'invalid_request',
        () => (
          echo(/edit-note/, 422),
          call('note:editByInstruction', { instructions: `add "${CANARY_PHRASE}" to PLAN` })
        ),
      ],
      [
        'limit_exceeded',
        () => call('note:editByInstruction', { instructions: `${CANARY_PHRASE} `.repeat(40) }),
      ],
      [
        'limit_exceeded',
        () =>
          call('note:generate', {
            templateKey: null,
            locale: null,
            mode: 'sync',
            extraContext: `${CANARY_PHRASE} `.repeat(250),
          }),
      ],
      [
        'invalid_request',
        () =>
          call('note:editSection', {
            revision: note.revision - 1,
            key: note.sections[0]!.key,
            content: { type: 'TEXT', text: CANARY_PHRASE },
          }),
      ],
      // Codes and orders start async jobs whose start carries a client_request_id: a 500 or 429 there is
      // retried (safely), so the refusals echoed are ones no retry gets past.
      ['invalid_request', () => (echo(/normalized-data/, 400), call('codes:normalized'))],
      ['permission_denied', () => (echo(/suggested-orders/, 403), call('orders:suggest'))],
      [
        'not_found',
        () => (
          echo(/patient-instructions/, 404),
          call('instructions:generate', { locale: 'ENGLISH_US', recipient: 'PATIENT' })
        ),
      ],
      ['no_note', () => call('instructions:translate', { fromLocale: 'ENGLISH_US', toLocale: 'FRENCH_FR' })],
      // Dot phrases and replacements belong to user callers; how a server caller is refused does not matter here.
      [
        '*',
        () =>
          call('dotPhrases:bulk', { op: 'create', items: [{ trigger: '.zz', expansion: CANARY_PHRASE }] }),
      ],
      ['*', () => call('replacements:save', { id: null, spoken: CANARY, written: CANARY_PHRASE })],
      ['permission_denied', () => call('settings:update', { noteTemplateKey: CANARY })],
      [
        'invalid_request',
        () =>
          call('visit:start', {
            consentAcknowledged: true,
            locales: [CANARY_PHRASE],
            speakers: { mode: 'single', deviceId: 'file-mic' },
          }),
      ],
      [
        'invalid_request',
        () =>
          call('visit:start', {
            consentAcknowledged: false,
            locales: [CANARY_PHRASE],
            speakers: { mode: 'single', deviceId: CANARY },
          }),
      ],
      ['invalid_request', () => call('copy:note', { sectionKey: CANARY })],
      [
        'clipboard_unavailable',
        () => ((rig.clipboard.refuseNext = true), call('copy:note', { sectionKey: null })),
      ],
    ];
    for (const [n, [code, run]] of cases.entries()) expectCleanFailure(await run(), code, `case ${n}`);
    expect(rig.echo.pending, 'every echoing answer was used').toBe(0);
    expect(rig.reports.length).toBeGreaterThanOrEqual(cases.length);
    expect(hasCanary(JSON.stringify(rig.reports))).toBe(false);
  });

  it('a stream that fails on an error frame echoing patient data: the visit state says nothing of it', async () => {
    expect((await call('visit:discard')).ok).toBe(true);
    const eventsBefore = rig.events.length;
    // Once the app has pushed the first final item (with the canary) to the window, the service fails the
    // stream. The hook runs in the service's recognizer, before that item is even sent: its signal is the push.
    let fired = false;
    const canaryPushed = () =>
      rig.events
        .slice(eventsBefore)
        .some((e) => e.name === 'visit:transcript' && hasCanary(JSON.stringify(e.payload)));
    hooks.onFinal = () => {
      if (fired) return;
      fired = true;
      void vi
        .waitFor(() => expect(canaryPushed()).toBe(true), { timeout: 10_000, interval: 5 })
        .then(() => h.streaming.sendError({ code: 83005, message: CANARY_ERROR }, { closeCode: 1008 }));
    };
    try {
      const state = await runVisit();
      expect(state.phase).toBe('failed');
      expect(state.error?.code).toBe('stream_failed');
    } finally {
      hooks.onFinal = undefined;
    }
    const events = rig.events.slice(eventsBefore);
    expect(events.some((e) => e.name === 'visit:transcript' && hasCanary(JSON.stringify(e.payload)))).toBe(
      true,
    );
    expectCleanFailure(await call('visit:end'), 'visit_not_active');
  });

  it('no event but the displayed transcript carries the canary; nothing reached the console', () => {
    const others = rig.events.filter((e) => e.name !== 'visit:transcript');
    expect(others.length).toBeGreaterThan(0);
    expect(hasCanary(JSON.stringify(others))).toBe(false);
    expect(hasCanary(capture.text), capture.text).toBe(false);
  });

  it('the settings file holds preferences only: no transcript, no note (and a canary there would be seen)', async () => {
    const entries = await readTree(join(root, 'settings'));
    const file = entries.find((e) => e.path === 'settings.json');
    expect(file, 'the preferences were written to the settings file').toBeDefined();
    expect(JSON.parse(file!.bytes.toString('utf8'))).toMatchObject({ microphone: 'file-mic' });
    expect(file!.mode).toBe(0o600);
    for (const e of entries.filter((x) => x.kind === 'file')) {
      expect(bytesHaveCanary(e.bytes), e.path).toBe(false);
      for (const s of expectedSentences('visit.wav'))
        expect(e.bytes.includes(Buffer.from(s.text)), e.path).toBe(false);
    }
    // Control: the same check on a settings file that does hold a canary.
    const control = openNodeSettingsStore(join(root, 'control'));
    control.set({ noteTemplateKey: `${CANARY}-template` });
    const leaked = (await readTree(join(root, 'control'))).find((e) => e.path === 'settings.json')!;
    expect(bytesHaveCanary(leaked.bytes)).toBe(true);
  });
});
