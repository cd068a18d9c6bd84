/**
 * The audit trail says who did what without patient data or tokens: a visit runs through the IPC router as
 * the renderer calls it (the trail listening to what the features report, as main/compose/composition-root.ts
 * wires it) over a local service whose transcript carries a canary phrase; the note is written with the
 * canary as extra context, copied whole and by section, the instructions translated and copied, and a
 * sign-in is tried with a canary token. The trail then holds each of those events, verifies, and no file in its folder holds the canary
 * in any form.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../../../main/features/audit/audit-log.ts';
import { FIXTURE_DIR } from '../../fixtures/audio/manifest.ts';
import { startStreamingHarness, until, type StreamingHarness } from '../core/streaming/harness.ts';
import {
  base64Forms,
  bytesHaveCanary,
  CANARY_PHRASE,
  CANARY_TOKEN,
  canaryRecognizer,
  hasCanary,
  readTree,
} from './canary-kit.ts';
import { startVisitRig, type VisitRig } from './visit-harness.ts';

type Result = { ok: boolean; data?: unknown };

let h: StreamingHarness;
let root: string;
let auditDir: string;
let audit: AuditLog;
let rig: VisitRig;

beforeAll(async () => {
  h = await startStreamingHarness({ streaming: { recognizer: canaryRecognizer() } });
  root = await mkdtemp(join(tmpdir(), 'privacy-audit-'));
  auditDir = join(root, 'data');
  audit = new AuditLog({
    dir: auditDir,
    source: { via: 'app', version: '1.0.0' },
    who: () => ({ account: 'clinician' }),
  });
  rig = startVisitRig({
    settingsDir: join(root, 'settings'),
    audioFile: join(FIXTURE_DIR, 'visit.wav'),
    audit,
  });
});
afterAll(async () => {
  await rig.dispose();
  await audit.settled(); // dispose discards the visit: the trail records it before the folder goes
  await h.close();
  await rm(root, { recursive: true, force: true });
});

const call = async (channel: Parameters<VisitRig['invoke']>[0], request: unknown = {}) =>
  (await rig.invoke(channel, request)) as Result;

describe('the audit trail of a visit whose transcript and sign-in carry canaries', () => {
  it('records each step of the visit', async () => {
    // A sign-in token the service does not know: whatever the outcome, it must not reach the trail.
    const refused = await call('connect:configure', {
      baseUrl: h.service.url,
      credentials: { kind: 'user-refresh-token', refreshToken: CANARY_TOKEN },
    });
    // The token was tried and refused: the connection check says so (a canary never sent proves nothing).
    expect(refused.data).toEqual({ accepted: true });
    expect((await call('connect:status')).data).toMatchObject({
      healthy: false,
      checks: expect.arrayContaining([expect.objectContaining({ id: 'sign-in', status: 'fail' })]),
    });
    const connected = await call('connect:configure', {
      baseUrl: h.service.url,
      credentials: { kind: 'server', clientId: h.fixtures.staticClient.id, privateKeyPem: h.staticPem },
    });
    expect(connected.ok).toBe(true);
    const speakers = { mode: 'single', deviceId: 'file-mic' };
    expect((await call('visit:arm', { consentAcknowledged: true, speakers })).ok).toBe(true);
    const started = await call('visit:start', {
      consentAcknowledged: true,
      locales: ['ENGLISH_US'],
      speakers,
    });
    expect(started.ok, JSON.stringify(started)).toBe(true);
    await until(() => ['ended', 'failed'].includes(rig.app.visit.state.phase), 'the visit to end');
    expect(hasCanary(JSON.stringify((await call('visit:transcript')).data))).toBe(true);
    const note = await call('note:generate', {
      templateKey: null,
      locale: null,
      mode: 'sync',
      extraContext: CANARY_PHRASE,
    });
    expect(note.ok).toBe(true);
    const section = rig.app.notes.note!.sections[0]!.key;
    expect((await call('copy:note', { sectionKey: null })).ok).toBe(true);
    expect((await call('copy:note', { sectionKey: section })).ok).toBe(true);
    expect(rig.clipboard.writes.some(hasCanary)).toBe(true);
    // A plan sentence (with the canary) so the service has instructions to write; its trailing zero is
    // flagged by the checks (the flag's values stay out of the trail like the canary).
    const current = rig.app.notes.note!;
    const textSection = current.sections.find((s) => s.content.type === 'TEXT')!;
    const edited = await call('note:editSection', {
      revision: current.revision,
      key: textSection.key,
      content: { type: 'TEXT', text: `${CANARY_PHRASE}. Start ibuprofen 400.0 mg and return in two weeks.` },
    });
    expect(edited.ok, JSON.stringify(edited)).toBe(true);
    expect(rig.app.notes.note?.flags?.map((f) => f.code)).toEqual(['trailing_zero']);
    const instructions = await call('instructions:generate', { locale: 'ENGLISH_US', recipient: 'PATIENT' });
    expect(instructions.ok, JSON.stringify(instructions)).toBe(true);
    const translated = await call('instructions:translate', {
      fromLocale: 'ENGLISH_US',
      toLocale: 'FRENCH_FR',
    });
    expect(translated.ok).toBe(true);
    expect((await call('copy:instructions')).ok).toBe(true);
    expect((await call('connect:disconnect')).ok).toBe(true);

    const kinds = (await audit.read()).map((r) => r.what.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'sign_in_refused',
        'signed_in',
        'consent_acknowledged',
        'visit_started',
        'visit_ended',
        'note_generated',
        'note_copied',
        'note_flag_shown',
        'instructions_translated',
        'instructions_copied',
        'signed_out',
      ]),
    );
    const copies = (await audit.read()).filter((r) => r.what.kind === 'note_copied').map((r) => r.what);
    expect(copies).toEqual([
      { kind: 'note_copied', section: null },
      { kind: 'note_copied', section },
    ]);
    expect(await audit.verify()).toMatchObject({ ok: true });
  });

  it('holds no transcript phrase, token or key in any file of its folder, in any form', async () => {
    const files = (await readTree(auditDir)).filter((e) => e.kind === 'file');
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((f) => f.path.startsWith('audit'))).toBe(true);
    // The flagged dose and its drug (the note's check flag) are text too.
    const flagged = ['ibuprofen', '400.0'];
    const secrets = [CANARY_TOKEN, h.staticPem.split('\n')[1]!, ...base64Forms(CANARY_TOKEN), ...flagged];
    for (const file of files) {
      expect(bytesHaveCanary(file.bytes), file.path).toBe(false);
      for (const secret of secrets) expect(file.bytes.includes(secret), file.path).toBe(false);
      expect(file.mode & 0o077, file.path).toBe(0);
    }
  });

  it('the check above can fail: a canary written into a record is found', () => {
    const leaked = Buffer.from(JSON.stringify({ what: { kind: 'x', text: CANARY_PHRASE } }));
    expect(bytesHaveCanary(leaked)).toBe(true);
  });
});
