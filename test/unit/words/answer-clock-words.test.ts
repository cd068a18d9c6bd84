/**
 * A malformed answer and a sign-in the clock may be why of: code + closed params cross, and the window
 * (formatError) and the CLI (describeFailure) read the words of the words module.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiError } from '../../../main/core/api/errors.ts';
import {
  ResponseShapeError,
  apiErrorFromResponse,
  shapeField,
  withNote,
} from '../../../main/core/api/errors.ts';
import { HttpClient } from '../../../main/core/api/transport/http.ts';
import { describeFailure } from '../../../main/shells/cli/io.ts';
import { toFailure } from '../../../main/core/ipc/error-mapping.ts';
import { IpcErrorSchema, type ClockHint } from '../../../preload/contract/index.ts';
import { LOCALES, clockHintText, formatError } from '../../../preload/words/index.ts';

const ERROR_TEXT = LOCALES.en.errors;
const REASON_TEXT = LOCALES.en.reasons;

const CANARY = 'Patient Jane Canary, chest pain since Tuesday';

function answering(body: string): HttpClient {
  return new HttpClient({
    baseUrl: new URL('https://us.api.example.com'),
    fetch: (async () => new Response(body, { status: 200 })) as unknown as typeof fetch,
  });
}

async function failedRequest(body: string, schema: z.ZodType = z.object({ ok: z.boolean() })) {
  return answering(body)
    .request({ method: 'GET', path: '/x', caller: 'user', auth: null, schema, operation: 't' })
    .catch((error: unknown) => error);
}

describe('an answer of the wrong shape', () => {
  it.each([
    ['answer_not_understood', JSON.stringify({ ok: CANARY })],
    ['answer_not_json', `{"ok": "${CANARY}"`],
  ] as const)('crosses as service_error/%s, worded alike in the window and the CLI', async (reason, body) => {
    const error = await failedRequest(body);
    expect(error).toBeInstanceOf(ResponseShapeError);
    const failure = toFailure(error).toIpcError();
    expect(failure).toEqual({ code: 'service_error', params: { reason }, retryable: false });
    expect(IpcErrorSchema.safeParse(failure).success).toBe(true);
    const words = formatError(failure);
    expect(words).toBe(REASON_TEXT.service_error[reason]);
    expect(words).not.toBe(ERROR_TEXT.service_error);
    const cli = describeFailure(error).line;
    expect(cli.startsWith(`${words} (HTTP 200`)).toBe(true);
    expect(JSON.stringify([failure, cli, (error as Error).message])).not.toContain('Canary');
  });

  it('names where it broke the contract on the CLI line, by schema field names only', async () => {
    const error = (await failedRequest(JSON.stringify({ ok: CANARY }))) as ResponseShapeError;
    expect(describeFailure(error).line).toBe(
      `${REASON_TEXT.service_error.answer_not_understood} (HTTP 200) (at ok: invalid_type)`,
    );
    const keyed = z.record(z.enum(['a']), z.number());
    const byKey = (await failedRequest(JSON.stringify({ [CANARY]: 1 }), keyed)) as ResponseShapeError;
    expect(byKey).toBeInstanceOf(ResponseShapeError);
    expect(byKey.summary()).not.toContain('Canary');
    expect(shapeField(['sections', 1, CANARY], CANARY)).toBe('sections.1.?: ?');
  });

  it('a known service code still wins over the shape', () => {
    const error = new ResponseShapeError('answer_not_json', { code: 83005 });
    expect(toFailure(error).toIpcError()).toEqual({ code: 'transcript_too_short', retryable: false });
  });
});

describe('a sign-in refused with the clock off', () => {
  const refused = (extra: { clockSuspect: true; clockOffsetMs?: number }, hint?: ClockHint): ApiError =>
    withNote(
      apiErrorFromResponse(401, {}, 'oauth-token'),
      { kind: 'clock', hint: hint ?? { kind: 'unknown' } },
      extra,
    );

  it('tells the window by how much, from a number', () => {
    const failure = toFailure(refused({ clockSuspect: true, clockOffsetMs: -4 * 60_000 })).toIpcError();
    expect(failure).toEqual({ code: 'clock_wrong', params: { offsetMs: -240_000 }, retryable: false });
    expect(IpcErrorSchema.safeParse(failure).success).toBe(true);
    expect(formatError(failure)).toBe(
      "The service did not accept the sign-in: this computer's clock is 4 minutes ahead of the service's. Check the computer's date, time and time zone.",
    );
    const slow = toFailure(refused({ clockSuspect: true, clockOffsetMs: 7 * 60_000 })).toIpcError();
    expect(formatError(slow)).toMatch(/clock is 7 minutes behind the service's/);
  });

  it('says the CLI the same words as the window', () => {
    const offsetMs = 4 * 60_000;
    const error = refused({ clockSuspect: true, clockOffsetMs: offsetMs }, { kind: 'off', offsetMs });
    expect(describeFailure(error).line).toBe(`${formatError(toFailure(error).toIpcError())} (HTTP 401)`);
    expect(describeFailure(error).line).toBe(`${clockHintText({ kind: 'off', offsetMs })} (HTTP 401)`);
  });

  it('names the offset beside the credentials when it was allowed for already', () => {
    const hint = { kind: 'compensated', offsetMs: 600_000 } as const;
    const error = withNote(
      apiErrorFromResponse(401, {}, 'oauth-token'),
      { kind: 'clock', hint },
      {
        clockOffsetMs: 600_000,
      },
    );
    const failure = toFailure(error).toIpcError();
    expect(failure).toEqual({ code: 'auth_failed', params: { offsetMs: 600_000 }, retryable: false });
    expect(IpcErrorSchema.safeParse(failure).success).toBe(true);
    expect(formatError(failure)).toBe(
      `${ERROR_TEXT.auth_failed} This computer's clock is 10 minutes behind the service's (allowed for; check its date and time).`,
    );
  });

  it('keeps the general words when the service’s time was never seen', () => {
    const failure = toFailure(refused({ clockSuspect: true })).toIpcError();
    expect(failure).toEqual({ code: 'clock_wrong', retryable: false });
    expect(formatError(failure)).toBe(ERROR_TEXT.clock_wrong);
  });

  it('refuses anything but a whole number of ms as the offset', () => {
    for (const offsetMs of ['4 minutes', 1.5, CANARY, 1e15])
      expect(
        IpcErrorSchema.safeParse({ code: 'clock_wrong', params: { offsetMs }, retryable: false }).success,
        String(offsetMs),
      ).toBe(false);
  });
});
