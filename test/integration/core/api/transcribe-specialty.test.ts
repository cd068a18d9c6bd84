/**
 * `specialty` on transcription, where the contract puts it: the bodies of POST /transcribe and
 * /transcribe-async, for server callers only. The service double reads it strictly (its request log shows
 * the field arrived and was accepted); a user caller's is refused before anything is sent; the streaming
 * CONFIG never carries it (the double refuses it there: test/unit/programs/local-service/ws/config.test.ts).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallerNotAllowedError } from '../../../../main/core/api/errors.ts';
import { transcribeConfigFrame } from '../../../../main/core/streaming/frames.ts';
import { writeScriptedWav } from '../../../../main/programs/local-service/speech.ts';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
let visit: string;
beforeAll(async () => {
  h = await startHarness();
  visit = join(await mkdtemp(join(tmpdir(), 'scribe-specialty-')), 'visit.wav');
  await writeFile(visit, writeScriptedWav('DOCTOR: How is the chest pain? PATIENT: Worse on stairs.', 4000));
});
afterAll(() => h.close());

const logged = (path: string) => h.service.control.requests.filter((r) => r.path.endsWith(path)).at(-1);

describe('specialty on transcription', () => {
  it('a server caller sends it in the /transcribe and /transcribe-async bodies, and the double accepts it', async () => {
    const sync = await h.serverCore.transcribeFile(visit, {
      speech_locales: ['ENGLISH_US'],
      specialty: 'CARDIOLOGY',
    });
    expect(sync.transcript_items.length).toBeGreaterThan(0);
    expect(logged('/transcribe')).toMatchObject({ status: 200, fields: { specialty: 'CARDIOLOGY'.length } });
    const job = await h.serverCore.transcribeFileAsync(visit, {
      speech_locales: ['ENGLISH_US'],
      specialty: 'CARDIOLOGY',
    });
    await job.result({ initialDelayMs: 5 });
    expect(logged('/transcribe-async')).toMatchObject({
      status: 200,
      fields: { specialty: 'CARDIOLOGY'.length },
    });
  });

  it('a user caller is refused before sending (the specialty is on the clinician’s account)', async () => {
    const user = await h.userCore('ext-specialty');
    const before = h.service.control.requests.length;
    await expect(
      user.transcribeFile(visit, { speech_locales: ['ENGLISH_US'], specialty: 'CARDIOLOGY' }),
    ).rejects.toBeInstanceOf(CallerNotAllowedError);
    expect(h.service.control.requests.length).toBe(before);
  });

  it('the streaming CONFIG has no specialty field', () => {
    const frame = transcribeConfigFrame(['ENGLISH_US'], [{ id: 'main', speakerType: 'DOCTOR' }]);
    expect(Object.keys(frame)).not.toContain('specialty');
  });
});
