import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CoreClient } from '../../../main/core/api/core-client.ts';
import {
  AuthenticationError,
  ConnectionError,
  InvalidRequestError,
  ResponseShapeError,
  ServerError,
} from '../../../main/core/api/errors.ts';
import { LimitError } from '../../../main/core/api/limits.ts';
import { HttpClient } from '../../../main/core/api/transport/http.ts';
import { describeFailure } from '../../../main/shells/cli/io.ts';
import { startHarness, type Harness } from '../core/api/harness.ts';

/**
 * Canary strings stand for patient data and tokens: whatever fails, they must not appear in error
 * messages, error summaries, serialized errors or anything written to the console.
 */
const CANARY = 'CANARY-Jane-Q-Patient-1957-03-14';

let h: Harness;
let user: CoreClient;
const consoleOutput: string[] = [];
beforeAll(async () => {
  h = await startHarness();
  user = await h.userCore('ext-canary');
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation(
      (...args: unknown[]) => void consoleOutput.push(args.map(String).join(' ')),
    );
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  await h.close();
});

function everythingSaidAbout(error: unknown): string {
  const e = error as Error & { summary?: () => string; detail?: string; cause?: unknown };
  return [
    e.message,
    e.summary?.(),
    e.detail,
    String(e),
    JSON.stringify(e),
    describeFailure(e).line,
    e.stack,
  ].join('\n');
}

const transcript = [
  {
    text: `My name is ${CANARY} and I have chest pain radiating to the left arm for two days.`,
    speaker_type: 'PATIENT',
  },
];

describe('patient data never reaches errors or the console', () => {
  it.each([
    [
      'a server error',
      ServerError,
      () => h.service.control.failNext({ path: /generate-note$/, status: 500 }),
    ],
    [
      'a refused request',
      InvalidRequestError,
      () => h.service.control.failNext({ path: /generate-note$/, status: 400 }),
    ],
    ['a dropped connection', ConnectionError, () => h.service.control.dropNext({ path: /generate-note$/ })],
  ])('%s', async (_name, kind, inject) => {
    inject();
    const error = await user
      .generateNote({ locale: 'ENGLISH_US', transcript_items: transcript })
      .catch((e) => e);
    expect(error).toBeInstanceOf(kind);
    expect(everythingSaidAbout(error)).not.toContain(CANARY);
  });

  it('a limit refusal', async () => {
    const error = await user
      .generateNote({
        locale: 'ENGLISH_US',
        transcript_items: transcript,
        unstructured_context: `${CANARY} `.repeat(400),
      })
      .catch((e) => e);
    expect(error).toBeInstanceOf(LimitError);
    expect(error).toMatchObject({ code: 'limit_exceeded', field: 'unstructured_context' });
    expect(everythingSaidAbout(error)).not.toContain(CANARY);
  });

  it('an answer of the wrong shape that echoes patient data', async () => {
    const http = new HttpClient({
      baseUrl: new URL(h.service.url),
      fetch: (async () =>
        new Response(JSON.stringify({ locale: 'ENGLISH_US', template_key: CANARY, sections: CANARY }), {
          status: 200,
        })) as unknown as typeof fetch,
    });
    const error = await new CoreClient(http, {
      caller: 'user',
      token: async () => CANARY,
      renew: async () => CANARY,
    })
      .generateNote({ locale: 'ENGLISH_US', transcript_items: transcript })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(everythingSaidAbout(error)).not.toContain(CANARY);
  });

  it('an expired token that cannot be renewed does not show the token', async () => {
    const token = `tok-${CANARY}`;
    const http = new HttpClient({ baseUrl: new URL(h.service.url) });
    const error = await new CoreClient(http, {
      caller: 'user',
      token: async () => token,
      renew: async () => token,
    })
      .getNoteSettings()
      .catch((e) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401 });
    expect(everythingSaidAbout(error)).not.toContain(CANARY);
  });

  it('nothing was written to the console', () => {
    expect(consoleOutput.join('\n')).not.toContain(CANARY);
  });
});
