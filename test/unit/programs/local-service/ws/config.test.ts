import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connect,
  dictateConfig,
  payloads,
  startService,
  syntheticRecording,
  transcribeConfig,
  type Harness,
  type RawClient,
} from './helpers.ts';

let h: Harness;
const chunk = payloads(syntheticRecording().samples)[0]!;
beforeAll(async () => {
  h = await startService([syntheticRecording()]);
});
afterAll(() => h.close());

/** Sends the frames and reports the error frame and close code, or 'accepted' once a chunk is acked. */
async function outcome(
  c: RawClient,
  frames: object[],
  ackProbe: object,
): Promise<{ code: unknown; close: number } | 'accepted'> {
  for (const f of frames) c.send(f);
  c.send(ackProbe);
  const first = await c.next((f) => f.type === 'ERROR_MESSAGE' || f.type === 'AUDIO_CHUNK_ACK');
  if (first.type === 'AUDIO_CHUNK_ACK') {
    c.ws.close();
    return 'accepted';
  }
  expect(first).toMatchObject({
    name: expect.any(String),
    trace_id: expect.any(String),
    message: expect.any(String),
  });
  return { code: first.code, close: (await c.closed).code };
}

const transcribeProbe = { type: 'AUDIO_CHUNK', stream_id: 'main', seq_id: 0, payload: chunk };
const dictateProbe = { type: 'AUDIO_CHUNK', seq_id: 0, payload: chunk };
const invalid = { code: 83400, close: 1008 };

describe('transcribe CONFIG', () => {
  it.each<[string, Record<string, unknown>]>([
    ['another encoding', { encoding: 'OPUS' }],
    ['another sample rate', { sample_rate: 44100 }],
    ['no locale', { speech_locales: [] }],
    ['three locales', { speech_locales: ['ENGLISH_US', 'FRENCH_FR', 'GERMAN_DE'] }],
    ['a repeated locale', { speech_locales: ['ENGLISH_US', 'ENGLISH_US'] }],
    ['an unknown locale', { speech_locales: ['KLINGON'] }],
    ['HAITIAN_HT with another locale', { speech_locales: ['HAITIAN_HT', 'FRENCH_FR'] }],
    ['no stream', { streams: [] }],
    ['three streams', { streams: ['a', 'b', 'c'].map((id) => ({ id, speaker_type: 'DOCTOR' })) }],
    [
      'duplicate stream ids',
      {
        streams: [
          { id: 'main', speaker_type: 'DOCTOR' },
          { id: 'main', speaker_type: 'PATIENT' },
        ],
      },
    ],
    ['a lowercase speaker type', { streams: [{ id: 'main', speaker_type: 'doctor' }] }],
    ['no streams field', { streams: undefined }],
    // The contract's `specialty` is for transcription bodies (POST /transcribe), not this CONFIG.
    ['specialty, which only the /transcribe bodies take', { specialty: 'CARDIOLOGY' }],
    ['an unknown field', { enable_partial_results: true }],
  ])('refuses %s with an error frame, then closes', async (_l, overrides) => {
    const c = await connect(h);
    expect(await outcome(c, [transcribeConfig(overrides)], transcribeProbe)).toEqual(invalid);
  });

  it.each<[string, Record<string, unknown>]>([
    ['one locale', {}],
    ['two distinct locales', { speech_locales: ['ENGLISH_US', 'SPANISH_MX'] }],
    ['HAITIAN_HT alone', { speech_locales: ['HAITIAN_HT'] }],
    [
      'two streams',
      {
        streams: [
          { id: 'main', speaker_type: 'DOCTOR' },
          { id: 'p', speaker_type: 'PATIENT' },
        ],
      },
    ],
  ])('accepts %s', async (_l, overrides) => {
    const c = await connect(h);
    expect(await outcome(c, [transcribeConfig(overrides)], transcribeProbe)).toBe('accepted');
  });

  it('refuses features newer than the pinned version', async () => {
    const haitian = await connect(h, { version: '2026-03-16' });
    expect(
      await outcome(haitian, [transcribeConfig({ speech_locales: ['HAITIAN_HT'] })], transcribeProbe),
    ).toEqual(invalid);
    const unspecified = await connect(h, { version: '2025-11-14' });
    expect(await outcome(unspecified, [transcribeConfig()], transcribeProbe)).toEqual(invalid);
  });

  it('requires CONFIG first, and only once', async () => {
    const before = await connect(h);
    expect(await outcome(before, [], transcribeProbe)).toEqual({ code: 83401, close: 1008 });
    const twice = await connect(h);
    expect(await outcome(twice, [transcribeConfig(), transcribeConfig()], transcribeProbe)).toEqual({
      code: 83401,
      close: 1008,
    });
  });

  it('refuses unreadable frames and chunks for undeclared streams', async () => {
    const garbage = await connect(h);
    garbage.ws.send('not json');
    expect((await garbage.next((f) => f.type === 'ERROR_MESSAGE')).code).toBe(83401);
    const stray = await connect(h);
    expect(await outcome(stray, [transcribeConfig()], { ...transcribeProbe, stream_id: 'other' })).toEqual({
      code: 83401,
      close: 1008,
    });
    const odd = await connect(h);
    expect(await outcome(odd, [transcribeConfig()], { ...transcribeProbe, payload: 'AA==' })).toEqual({
      code: 83401,
      close: 1008,
    });
  });
});

describe('dictate CONFIG', () => {
  it.each<[string, Record<string, unknown>]>([
    ['another punctuation mode', { punctuation_mode: 'AUTOMATIC' }],
    ['a transcription-only locale', { dictation_locale: 'GERMAN_DE' }],
    [
      'the contract’s type name dictate_locale, as an unknown field (public facts)',
      { dictation_locale: undefined, dictate_locale: 'ENGLISH_US' },
    ],
    ['dictate_locale beside dictation_locale', { dictate_locale: 'ENGLISH_US' }],
    ['text_field_context as a string (public facts: an object)', { text_field_context: 'Assessment:' }],
    ['no encoding', { encoding: undefined }],
    [
      'a selection outside the text',
      { text_field_context: { text: 'ab', selection_start: 2, selection_length: 1 } },
    ],
  ])('refuses %s', async (_l, overrides) => {
    const c = await connect(h, { kind: 'dictate' });
    expect(await outcome(c, [dictateConfig(overrides)], dictateProbe)).toEqual(invalid);
  });

  it.each<[string, Record<string, unknown>]>([
    ['the minimal config', { enable_async_corrections: undefined }],
    [
      'text_field_context as an object',
      { text_field_context: { text: 'Plan: ', selection_start: 6, selection_length: 0 } },
    ],
    ['every dictation locale', { dictation_locale: 'FRENCH_FR' }],
  ])('accepts %s', async (_l, overrides) => {
    const c = await connect(h, { kind: 'dictate' });
    expect(await outcome(c, [dictateConfig(overrides)], dictateProbe)).toBe('accepted');
  });

  it('acknowledges without stream_id on dictation', async () => {
    const c = await connect(h, { kind: 'dictate' });
    c.send(dictateConfig());
    c.send(dictateProbe);
    expect(await c.next((f) => f.type === 'AUDIO_CHUNK_ACK')).toEqual({ type: 'AUDIO_CHUNK_ACK', ack_id: 0 });
    c.ws.close();
  });
});
