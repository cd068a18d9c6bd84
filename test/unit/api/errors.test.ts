import { describe, expect, it } from 'vitest';
import { apiErrorFromResponse, safeErrorName, safeTraceId } from '../../../main/api/errors.ts';

const CANARY = 'Jane Q Patient 1957-03-14 chest pain';

describe('service error bodies', () => {
  it('keep a well-formed name and trace id, and say what an unknown named error is', () => {
    const error = apiErrorFromResponse(418, { code: 99001, name: 'ODD_FAILURE', trace_id: 'abc-123' }, 'op');
    expect(error.errorName).toBe('ODD_FAILURE');
    expect(error.traceId).toBe('abc-123');
    expect(error.message).toBe('The service refused the request: odd failure.');
    expect(error.summary()).toContain('ODD_FAILURE');
  });

  it('drop a name or trace id that could carry echoed content, from the message and from the error', () => {
    const error = apiErrorFromResponse(
      418,
      { code: 99002, name: `Patient ${CANARY}`, trace_id: CANARY, message: CANARY },
      'op',
    );
    expect(error.errorName).toBeUndefined();
    expect(error.traceId).toBeUndefined();
    expect(error.message).toBe('The service refused the request: error 99002.');
    for (const said of [error.message, error.summary(), JSON.stringify(error), String(error)])
      expect(said).not.toContain('Jane');
  });

  it('accept only identifier-like names and trace ids', () => {
    expect(safeErrorName('NOTE_TOO_LONG')).toBe('NOTE_TOO_LONG');
    expect(safeErrorName('note too long')).toBeUndefined();
    expect(safeErrorName('A'.repeat(65))).toBeUndefined();
    expect(safeErrorName(42)).toBeUndefined();
    expect(safeTraceId('0af7651916cd43dd8448eb211c80319c')).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(safeTraceId('trace with spaces')).toBeUndefined();
    expect(safeTraceId('x'.repeat(129))).toBeUndefined();
  });
});
