/** The local service transcribes and dictates the script a WAV file carries (writeScriptedWav), as the sample does. */
import { describe, expect, it } from 'vitest';
import { writeScriptedWav } from '../../../../main/programs/local-service/speech.ts';
import { call, type Harness, serverForSuite } from './helpers.ts';

/** A multipart request: its parameters as JSON, and one file. */
function form(params: unknown, file: Blob, name: string): FormData {
  const data = new FormData();
  data.set('request_parameters', JSON.stringify(params));
  data.set('file', file, name);
  return data;
}
const wav = (bytes: Uint8Array) => new Blob([bytes], { type: 'audio/wav' });

describe('local service: scripted recordings', () => {
  let server: { h: Harness; token: string };
  serverForSuite((started) => (server = started));
  const post = (path: string, body: FormData) =>
    call(server.h.service, 'POST', `/v1/core/server${path}`, { token: server.token, form: body });

  it('transcribes and dictates the script carried by a WAV file', async () => {
    const visit = writeScriptedWav(
      'Doctor: How are you feeling today?\nPatient: My chest hurts when I breathe.',
      4000,
    );
    const transcript = await post(
      '/transcribe',
      form({ speech_locales: ['ENGLISH_US'] }, wav(visit), 'visit.wav'),
    );
    expect(transcript.body.transcript_items).toEqual([
      expect.objectContaining({
        text: 'How are you feeling today?',
        speaker_type: 'DOCTOR',
        start_offset_ms: 0,
      }),
      expect.objectContaining({
        text: 'My chest hurts when I breathe.',
        speaker_type: 'PATIENT',
        end_offset_ms: 4000,
      }),
    ]);
    const spoken = writeScriptedWav(
      'the patient denies fever comma chills period new paragraph follow up in one week period',
      3000,
    );
    const explicit = { dictation_locale: 'ENGLISH_US', punctuation_mode: 'EXPLICIT' };
    const dictated = await post('/dictate', form(explicit, wav(spoken), 'd.wav'));
    expect(dictated.body).toEqual({
      dictation: 'The patient denies fever, chills.\n\nFollow up in one week.',
    });
    const typeName = { dictate_locale: 'ENGLISH_US', punctuation_mode: 'EXPLICIT' };
    const refused = await post('/dictate', form(typeName, wav(spoken), 'd.wav'));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/dictate_locale/);
    const text = new Blob(['hello'], { type: 'text/plain' });
    expect((await post('/transcribe', form({ speech_locales: ['ENGLISH_US'] }, text, 'x.txt'))).status).toBe(
      400,
    );
  });
});
