import { describe, expect, it } from 'vitest';
import { apiErrorFromResponse, knownErrorName, safeTraceId } from '../../../../main/core/api/errors.ts';
import { serviceNoteText, streamErrorText as messageForErrorCode } from '../../../../preload/words/index.ts';

const CANARY = 'Jane Q Patient 1957-03-14 chest pain';

describe('service error bodies', () => {
  it('keep a trace id and a known name; an unknown name is neither kept nor printed, the code is', () => {
    const error = apiErrorFromResponse(418, { code: 99001, name: 'ODD_FAILURE', trace_id: 'abc-123' }, 'op');
    expect(error.errorName).toBeUndefined();
    expect(error.traceId).toBe('abc-123');
    // The client reports facts, never words: the words are chosen where they are shown.
    expect(error.note).toEqual({ kind: 'answer', status: 418, code: 99001 });
    expect(error.message).toBe('answer status=418 code=99001');
    expect(serviceNoteText(error.note)).toBe(
      'The service refused the request (error 99001, which this version of the app does not know).',
    );
    expect(error.summary()).not.toContain('ODD');
    // Upper-case text that reads like a name is still content when we do not know it.
    const echoed = apiErrorFromResponse(418, { code: 99003, name: 'JANE_DOE_HIV_POSITIVE' }, 'op');
    expect(echoed.summary()).not.toContain('JANE');
    const known = apiErrorFromResponse(
      422,
      { code: 83005, name: 'NOTE_GENERATION_TRANSCRIPT_TOO_SHORT' },
      'op',
    );
    expect(known.errorName).toBe('NOTE_GENERATION_TRANSCRIPT_TOO_SHORT');
    expect(serviceNoteText(known.note)).toMatch(/too short to write a note/);
  });

  it('say what a WebSocket error code means, never its message or an unknown name', () => {
    expect(messageForErrorCode(83011)).toMatch(/no audio for 10 seconds/);
    expect(messageForErrorCode(83999)).toBe(
      'The service stopped the stream with error 83999, which this version of the app does not know.',
    );
    expect(messageForErrorCode(undefined)).toMatch(/carries no code/);
  });

  it('drop a name or trace id that could carry echoed content, from the message and from the error', () => {
    const error = apiErrorFromResponse(
      418,
      { code: 99002, name: `Patient ${CANARY}`, trace_id: CANARY, message: CANARY },
      'op',
    );
    expect(error.errorName).toBeUndefined();
    expect(error.traceId).toBeUndefined();
    expect(serviceNoteText(error.note)).toMatch(/error 99002/);
    const words = serviceNoteText(error.note);
    for (const said of [error.message, error.summary(), words, JSON.stringify(error), String(error)])
      expect(said).not.toContain('Jane');
  });

  it('accept only known names and identifier-like trace ids', () => {
    expect(knownErrorName('NOTE_HAS_NO_PATIENT_INSTRUCTIONS_INFORMATION')).toBe(
      'NOTE_HAS_NO_PATIENT_INSTRUCTIONS_INFORMATION',
    );
    expect(knownErrorName('BAD_REQUEST')).toBe('BAD_REQUEST');
    expect(knownErrorName('NOTE_TOO_LONG')).toBeUndefined();
    expect(knownErrorName(42)).toBeUndefined();
    expect(safeTraceId('0af7651916cd43dd8448eb211c80319c')).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(safeTraceId('trace with spaces')).toBeUndefined();
    expect(safeTraceId('x'.repeat(129))).toBeUndefined();
  });
});
