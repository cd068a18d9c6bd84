/**
 * Patient data never leaks out of streaming: the local service puts a canary phrase into every transcript
 * item and dictated unit, and a canary into error frames; sessions run through drops, expired tokens,
 * service error frames and failures. The canary may appear in the session's own items and text only:
 * never in console output, stdout/stderr, process warnings, emitted warnings, the StreamingError (message,
 * properties, cause chain), nor in clear text in the journal files (encrypted, 0600 in a 0700 folder, with
 * content-free sidecars).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessTokenSource } from '../../../main/core/api/auth/token-source.ts';
import { KeychainSecretStore } from '../../../native/keychain-secret-store.ts';
import { MemorySecretStore } from '../../../main/base/secrets/memory-secret-store.ts';
import type { SecretStore } from '../../../main/base/secrets/secret-store.ts';
import { JournalStore } from '../../../main/core/journal/journal-store.ts';
import { StreamingError } from '../../../main/core/streaming/streaming-error.ts';
import {
  dictateSession,
  expectedSentences,
  expectTranscript,
  startStreamingHarness,
  transcribeSession,
  type StreamingHarness,
} from '../core/streaming/harness.ts';
import {
  CANARY_ERROR,
  CANARY_PHRASE,
  CANARY_TOKEN,
  canaryRecognizer,
  describeError,
  hasCanary,
  type CanaryHooks,
} from './canary-kit.ts';
import { captured, expectJournalsPrivate, faultPlan, runThroughFaults, watch } from './streaming-kit.ts';

const hooks: CanaryHooks = {};
let h: StreamingHarness;
let root: string;
let store: JournalStore;
const secrets: SecretStore = process.env.REAL_KEYCHAIN
  ? new KeychainSecretStore(`scribe-privacy-test-${randomUUID()}`)
  : new MemorySecretStore();
const journalIds: string[] = [];

beforeAll(async () => {
  h = await startStreamingHarness({ streaming: { recognizer: canaryRecognizer(hooks) } });
  root = await mkdtemp(join(tmpdir(), 'privacy-streaming-'));
  store = new JournalStore({ dir: join(root, 'journals'), secrets });
});
afterAll(async () => {
  for (const id of journalIds) await store.shred(id).catch(() => undefined); // also deletes keychain keys
  await h.close();
  await rm(root, { recursive: true, force: true });
});

describe('transcription', () => {
  it('drops, an expired token and error frames with a canary: the canary stays in the items', async () => {
    const journal = await store.create('transcribe', ['room'], { speechLocales: ['ENGLISH_US'] });
    journalIds.push(journal.id);
    const session = transcribeSession(h, { journal });
    const seen = watch(session);
    const errorsBefore = h.streaming.sockets.flatMap((s) => s.errorsSent).length;
    const rejectedBefore = h.streaming.rejected.length;
    const plan = faultPlan(h, hooks, [
      () => h.streaming.terminateAll(),
      () => (h.streaming.failNextUpgrade(401), h.streaming.terminateAll()),
      () => (
        h.service.control.expireAllTokens(),
        h.streaming.sendError({ code: 83011, message: CANARY_ERROR }, { closeCode: 1008 })
      ),
      () =>
        h.streaming.sendError(
          { code: 99123, name: 'ODD_FAILURE', message: CANARY_ERROR },
          { closeCode: 1008 },
        ),
    ]);
    const { value: ended, output } = await runThroughFaults(
      session,
      plan,
      'visit.wav',
      (c) => session.sendAudio('room', c),
      25,
    );
    expect(ended).toBeUndefined(); // the end did not fail

    expect(plan.fired).toBe(4);
    expect(
      h.streaming.rejected.slice(rejectedBefore).filter((r) => r.status === 401).length,
    ).toBeGreaterThanOrEqual(2);
    expect(h.streaming.sockets.flatMap((s) => s.errorsSent).length - errorsBefore).toBe(2);
    expect(seen.warnings.map((w) => w.code)).toEqual(
      expect.arrayContaining(['connection_lost', 'service_error']),
    );
    // The canary did flow: every final item carries it, and nothing was lost or doubled.
    const expected = expectedSentences('visit.wav').map((s) => ({
      ...s,
      text: `${CANARY_PHRASE} ${s.text}`,
    }));
    expectTranscript(session.finalItems(), expected);
    expect(hasCanary(output), output).toBe(false);
    expect(hasCanary(seen.said()), seen.said()).toBe(false);
    // …and it was journaled (recoverable), yet never in clear text.
    expect((await store.recover(journal.id)).finalItems.every((i) => hasCanary(i.text))).toBe(true);
    await expectJournalsPrivate(
      join(root, 'journals'),

      'visit.wav',
      expectedSentences('visit.wav').map((s) => s.text),
    );
  });

  it('a fatal error frame with a canary fails the session without showing it', async () => {
    const journal = await store.create('transcribe', ['room'], { speechLocales: ['ENGLISH_US'] });
    journalIds.push(journal.id);
    const session = transcribeSession(h, { journal });
    const seen = watch(session);
    const plan = faultPlan(h, hooks, [
      () => h.streaming.sendError({ code: 83005, message: CANARY_ERROR }, { closeCode: 1008 }),
    ]);
    const { value: failure, output } = await runThroughFaults(
      session,
      plan,
      'visit.wav',
      (c) => session.sendAudio('room', c),
      10,
    );

    expect(failure).toBeInstanceOf(StreamingError);
    expect((failure as StreamingError).code).toBe('service_error');
    expect((failure as StreamingError).serviceCode).toBe(83005);
    expect(session.finalItems().length).toBeGreaterThan(0);
    expect(session.finalItems().every((i) => hasCanary(i.text))).toBe(true);
    expect(hasCanary(describeError(failure)), describeError(failure)).toBe(false);
    expect(hasCanary(seen.said())).toBe(false);
    expect(hasCanary(output), output).toBe(false);
    await expectJournalsPrivate(
      join(root, 'journals'),

      'visit.wav',
      expectedSentences('visit.wav').map((s) => s.text),
    );
  });

  it('an unknown error frame whose name echoes patient data: the words shown do not repeat it', async () => {
    const session = transcribeSession(h);
    const seen = watch(session);
    const plan = faultPlan(h, hooks, [
      () =>
        h.streaming.sendError(
          { code: 99124, name: `Patient ${CANARY_PHRASE}`, message: CANARY_ERROR },
          { closeCode: 1008 },
        ),
    ]);
    const { value: ended, output } = await runThroughFaults(
      session,
      plan,
      'visit.wav',
      (c) => session.sendAudio('room', c),
      10,
    );
    expect(ended).toBeUndefined(); // the end did not fail
    const frameError = seen.warnings.find((w) => w.serviceCode === 99124);
    expect(frameError).toBeDefined();
    // Nothing kept on the error repeats it either: a logger dumping the whole error must stay clean.
    expect(frameError!.serviceName).toBeUndefined();
    const shown = [
      frameError!.message,
      String(frameError),
      frameError!.stack,
      JSON.stringify(frameError),
    ].join('\n');
    expect(hasCanary(shown), shown).toBe(false);
    expect(hasCanary(output)).toBe(false);
  });

  it('a refused token (itself a canary) fails the session without showing the token', async () => {
    const tokens: AccessTokenSource = {
      caller: 'server',
      token: async () => CANARY_TOKEN,
      renew: async () => CANARY_TOKEN,
    };
    const session = transcribeSession(h, { tokens });
    const seen = watch(session);
    const { value: failure, output } = await captured(() =>
      session.start().then(
        () => undefined,
        (e: unknown) => e,
      ),
    );
    expect(failure).toBeInstanceOf(StreamingError);
    expect((failure as StreamingError).code).toBe('unauthorized');
    expect(hasCanary(describeError(failure))).toBe(false);
    expect(hasCanary(seen.said())).toBe(false);
    expect(hasCanary(output)).toBe(false);
  });

  it('a spent reconnect budget fails the session without showing the transcript', async () => {
    const session = transcribeSession(h, { reconnect: { baseMs: 5, capMs: 10, maxAttempts: 2 } });
    const seen = watch(session);
    const plan = faultPlan(h, hooks, [
      () => (Array.from({ length: 2 }, () => h.streaming.failNextUpgrade(503)), h.streaming.terminateAll()),
    ]);
    const { value: failure, output } = await runThroughFaults(
      session,
      plan,
      'visit.wav',
      (c) => session.sendAudio('room', c),
      10,
    );
    expect(plan.fired).toBe(1);
    expect(failure).toBeInstanceOf(StreamingError);
    expect(failure).toMatchObject({ code: 'upgrade_refused', status: 503 });
    expect(session.state).toBe('failed');
    expect(session.finalItems().some((i) => hasCanary(i.text))).toBe(true);
    expect(hasCanary(describeError(failure))).toBe(false);
    expect(hasCanary(seen.said())).toBe(false);
    expect(hasCanary(output)).toBe(false);
  });
});

describe('dictation', () => {
  it('drops and error frames: the canary is in the dictated text only', async () => {
    const journal = await store.create('dictate', [''], { locale: 'ENGLISH_US' });
    journalIds.push(journal.id);
    const session = dictateSession(h, { journal });
    const seen = watch(session);
    const texts: string[] = [];
    session.on('text', (t) => void texts.push(t.text));
    const plan = faultPlan(h, hooks, [
      () => h.streaming.terminateAll(),
      () => h.streaming.sendError({ code: 83011, message: CANARY_ERROR }, { closeCode: 1008 }),
    ]);
    const { value: ended, output } = await runThroughFaults(
      session,
      plan,
      'dictation.wav',
      (c) => session.sendAudio(c),
      25,
    );
    expect(ended).toBeUndefined(); // the end did not fail
    expect(plan.fired).toBe(2);
    expect(hasCanary(session.text)).toBe(true);
    expect(texts.some(hasCanary)).toBe(true);
    expect(hasCanary(output), output).toBe(false);
    expect(hasCanary(seen.said()), seen.said()).toBe(false);
    await expectJournalsPrivate(
      join(root, 'journals'),

      'dictation.wav',
      expectedSentences('dictation.wav').map((s) => s.written ?? s.text),
    );
  });

  it('a fatal error frame with a canary: the failure does not show it', async () => {
    const session = dictateSession(h);
    const texts: string[] = [];
    session.on('text', (t) => void texts.push(t.text));
    const plan = faultPlan(h, hooks, [
      () => h.streaming.sendError({ code: 83005, message: CANARY_ERROR }, { closeCode: 1008 }),
    ]);
    const { value: failure, output } = await runThroughFaults(
      session,
      plan,
      'dictation.wav',
      (c) => session.sendAudio(c),
      10,
    );
    expect(failure).toBeInstanceOf(StreamingError);
    expect((failure as StreamingError).code).toBe('service_error');
    expect((failure as StreamingError).serviceCode).toBe(83005);
    // The text of the failed socket was shown (then rolled back): the canary was there when it failed.
    expect(texts.some(hasCanary)).toBe(true);
    expect(hasCanary(describeError(failure))).toBe(false);
    expect(hasCanary(output)).toBe(false);
  });
});
