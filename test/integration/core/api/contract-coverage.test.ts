import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreClient } from '../../../../main/core/api/core-client.ts';
import {
  InvalidRequestError,
  JobError,
  PermissionDeniedError,
  ServerError,
} from '../../../../main/core/api/errors.ts';
import type { Note } from '../../../../main/core/api/schemas/note.ts';
import EN_SERVICES from '../../../../preload/words/en/services.json' with { type: 'json' };
import { writeScriptedWav } from '../../../../main/programs/local-service/speech.ts';
import { refusedBeforeSending } from './core-rig.ts';
import { startHarness, TRANSCRIPT, type Harness } from './harness.ts';
import { serviceNoteText } from '../../../../preload/words/index.ts';
import type { ServiceNote } from '../../../../preload/contract/index.ts';

/** The words shown for a refused call: the client reports a note, worded where it is shown (preload/words). */
const refusalWords = (call: Promise<unknown>): Promise<string> =>
  call.then(
    () => '',
    (error: { note: ServiceNote }) => serviceNoteText(error.note),
  );
/** Endpoints and rules the foundation issue asks for that core.test.ts does not reach. */
let h: Harness;
let user: CoreClient;
let files: Server;
let filesUrl: string;
beforeAll(async () => {
  h = await startHarness();
  user = await h.userCore('ext-coverage-tests');
  // A file server on loopback, standing in for the storage a file URL points at.
  const wav = writeScriptedWav('patient is stable period follow up in two weeks period', 3000);
  files = createServer((req, res) => {
    if (req.url === '/dictation.wav') {
      res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  files.closeAllConnections();
  await new Promise((resolve) => files.close(resolve));
  await h.close();
});

describe('dictation from a file URL (POST /dictate-async, polled at GET /dictate-async/{id})', () => {
  it('dictates the file the service downloads, for server callers', async () => {
    const job = await h.serverCore.dictateUrlAsync({
      file_url: `${filesUrl}/dictation.wav`,
      dictation_locale: 'ENGLISH_US',
    });
    expect(await job.result({ initialDelayMs: 5 })).toBe('Patient is stable. Follow up in two weeks.');
    expect(h.count(`/dictate-async/${job.id}`, 'GET')).toBeGreaterThan(0);
    const start = h.service.control.requests.find((r) => r.path.endsWith('/dictate-async'));
    expect(start?.fields?.client_request_id).toBeGreaterThan(0);
  });

  it('refuses before sending for a user caller or an address that is not a web address', async () => {
    const before = h.service.control.requests.length;
    await expect(
      refusalWords(
        user.dictateUrlAsync({ file_url: `${filesUrl}/dictation.wav`, dictation_locale: 'ENGLISH_US' }),
      ),
    ).resolves.toMatch(/server\) credentials/);
    await refusedBeforeSending(
      h,
      () => h.serverCore.dictateUrlAsync({ file_url: '/tmp/a.wav', dictation_locale: 'ENGLISH_US' }),
      /web address/,
    );
    expect(h.service.control.requests.length).toBe(before);
  });

  it('reports a file the service cannot download as a refusal', async () => {
    const error = await h.serverCore
      .dictateUrlAsync({ file_url: `${filesUrl}/missing.wav`, dictation_locale: 'ENGLISH_US' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
  });
});

describe('users: activate and deactivate', () => {
  it('a deactivated user is refused (403) until activated again', async () => {
    const client = await h.userCore('ext-coverage-deactivated');
    const account = await h.serverCore.findUserByExternalId('ext-coverage-deactivated');
    expect((await h.serverCore.deactivateUser(account!.id)).activated).toBe(false);
    const refused = await client.getNoteSettings().catch((e) => e);
    expect(refused).toBeInstanceOf(PermissionDeniedError);
    expect((await h.serverCore.activateUser(account!.id)).activated).toBe(true);
    expect(await client.getNoteSettings()).toBeTruthy();
    await expect(refusalWords(user.activateUser(account!.id))).resolves.toMatch(/server\) credentials/);
  });
});

describe('E/M codes, computed', () => {
  it('computes codes from structured inputs against the service', async () => {
    const codes = await h.serverCore.computeEmCodes({
      em_specialty_kind: 'FAMILY_MEDICINE',
      patient_type: 'ESTABLISHED',
      medical_decision_making_level: 'MODERATE',
    });
    expect(codes.codes.map((c) => c.code)).toEqual(['99214']);
  });

  it('is not retried after a 503: it carries no client_request_id', async () => {
    h.service.control.failNext({ path: /\/compute-em-codes$/, status: 503, count: 1 });
    const before = h.count('/compute-em-codes');
    const error = await h.serverCore
      .computeEmCodes({ em_specialty_kind: 'PEDIATRICS', patient_type: 'NEW', total_time_minutes: 30 })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(h.count('/compute-em-codes') - before).toBe(1);
  });
});

describe('patient instructions', () => {
  it('maps 83023 (nothing actionable in the note) to its own clinician-readable message', async () => {
    const quiet: Note = {
      locale: 'ENGLISH_US',
      template_key: 'GENERIC_MULTIPLE_SECTIONS',
      sections: [{ key: 'CHIEF_COMPLAINT', content: { type: 'TEXT', text: 'Routine visit.' } }],
    };
    const error = await user
      .generatePatientInstructions({ note: quiet, instructions_locale: 'ENGLISH_US' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.code).toBe(83023);
    expect(serviceNoteText(error.note)).toBe(EN_SERVICES.services.serviceCodes['83023']);
    expect(serviceNoteText(error.note)).toMatch(/nothing a patient needs to act on/);
  });
});

describe('note generation request shapes', () => {
  it('sends note_sections_customization as an array of items (public facts), and it is applied', async () => {
    const styled = await h.serverCore.generateNote({
      locale: 'ENGLISH_US',
      transcript_items: TRANSCRIPT,
      note_template_key: 'GENERIC_MULTIPLE_SECTIONS',
      note_sections_customization: [
        { section_key: 'VITALS', style: 'BULLET_POINTS', custom_instruction: 'One line per measurement.' },
      ],
    });
    const vitals = styled.sections.find((s) => s.key === 'VITALS')!.content;
    expect(vitals).toMatchObject({ type: 'TEXT', text: expect.stringMatching(/^- .*150/) });
  });

  it('refuses a note-wide instruction over 700 characters before sending, and sends 700', async () => {
    await refusedBeforeSending(
      h,
      () =>
        h.serverCore.generateNote({
          locale: 'ENGLISH_US',
          transcript_items: TRANSCRIPT,
          note_template_custom_instructions: 'n'.repeat(701),
        }),
      /note-wide instruction is 701 characters; the limit is 700/,
    );
    await refusedBeforeSending(
      h,
      () =>
        user.generateNoteAsync({
          locale: 'ENGLISH_US',
          transcript_items: TRANSCRIPT,
          note_template_custom_instructions: '😀'.repeat(701),
        }),
      /701/,
    );
    const accepted = await h.serverCore.generateNote({
      locale: 'ENGLISH_US',
      transcript_items: TRANSCRIPT,
      note_template_custom_instructions: 'n'.repeat(700),
    });
    expect(accepted.sections.length).toBeGreaterThan(0);
  });
});

describe('async polling', () => {
  it('gives up at its deadline while the job stays ONGOING', async () => {
    const stuck = await startHarness({ jobs: { ongoingPolls: Number.MAX_SAFE_INTEGER } });
    try {
      const job = await stuck.serverCore.generateNoteAsync({
        locale: 'ENGLISH_US',
        transcript_items: TRANSCRIPT,
      });
      // A clock that moves one second per reading: the 10-second deadline passes after a few polls.
      let t = 0;
      const polls: number[] = [];
      const error = await job
        .result({
          deadlineMs: 10_000,
          initialDelayMs: 1,
          maxDelayMs: 1,
          now: () => (t += 1_000),
          onProgress: (p) => polls.push(p.polls),
        })
        .catch((e) => e);
      expect(error).toBeInstanceOf(JobError);
      expect(serviceNoteText(error.note)).toMatch(/taking longer than expected/);
      expect(error.retryable).toBe(true);
      expect(polls.length).toBeGreaterThan(1);
      expect(stuck.count(`/generate-note-async/${job.id}`, 'GET')).toBe(polls.length);
    } finally {
      await stuck.close();
    }
  });
});
