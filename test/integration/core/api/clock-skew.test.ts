/**
 * A clinician's clock is often minutes off. The local service runs its clock ahead of or behind this
 * computer's (clockOffsetMs), which is the same thing seen from the client: sign-in, token freshness and
 * messages must work with the clock anywhere within ±10 minutes of the service.
 */
import { describe, expect, it } from 'vitest';
import { ServerTokenSource } from '../../../../main/core/api/auth/server-token-source.ts';
import { openAuthSession } from './auth-session.ts';
import { CoreClient } from '../../../../main/core/api/core-client.ts';
import { ApiError } from '../../../../main/core/api/errors.ts';
import { HttpClient } from '../../../../main/core/api/transport/http.ts';
import { runServiceChecks } from '../../../../main/core/api/connection-checks.ts';
import { toFailure } from '../../../../main/core/ipc/error-mapping.ts';
import { checkDetailText, formatError, serviceNoteText } from '../../../../preload/words/index.ts';
import { startHarness, type Harness } from './harness.ts';

const MINUTE = 60_000;

async function withService<T>(clockOffsetMs: number, run: (h: Harness) => Promise<T>): Promise<T> {
  const h = await startHarness({ clockOffsetMs });
  try {
    return await run(h);
  } finally {
    await h.close();
  }
}

function serverSource(h: Harness, http: HttpClient = h.http, clientId = h.fixtures.staticClient.id) {
  return new ServerTokenSource(http, { clientId, privateKey: h.staticPem });
}

describe('a computer clock off the service’s', () => {
  it.each([
    ['10 minutes fast', -10 * MINUTE],
    ['10 minutes slow', 10 * MINUTE],
    ['2 seconds fast', -2_000],
    ['1 minute fast', -MINUTE],
    ['4 minutes slow', 4 * MINUTE],
  ])(
    'signs in with the computer %s, asking again at most once, then on the service’s time',
    async (_l, offset) => {
      await withService(offset, async (h) => {
        const tokens = serverSource(h);
        expect(await new CoreClient(h.http, tokens).listTemplates()).not.toHaveLength(0);
        expect(h.count('/oauth/token')).toBeLessThanOrEqual(2);
        // Once the service's time is known, an assertion is right the first time.
        const before = h.count('/oauth/token');
        expect(await serverSource(h).token()).toBeTruthy();
        expect(h.count('/oauth/token') - before).toBe(1);
      });
    },
  );

  it('never dates iat in the future nor exp outside the window, even before the service’s time is known', async () => {
    // 20 seconds fast: the first assertion is accepted as it is.
    await withService(-20_000, async (h) => {
      expect(await serverSource(h).token()).toBeTruthy();
      expect(
        h.service.control.requests.filter((r) => r.path.endsWith('/oauth/token')).map((r) => r.status),
      ).toEqual([200]);
    });
  });

  it('says to check the date and time when the clock may be the cause, and not otherwise', async () => {
    await withService(10 * MINUTE, async (h) => {
      const unknown = serverSource(h, h.http, '00000000-0000-4000-8000-000000000000');
      const error = (await unknown.token().catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      // Signed on the service's time already, so the credentials are at fault; the clock is still named.
      expect(serviceNoteText(error.note)).toMatch(
        /did not accept the organization credentials; check them with IT/,
      );
      expect(serviceNoteText(error.note)).toMatch(
        /clock is 10 minutes behind the service's \(allowed for here\): check its date and time/,
      );
      expect(error.clockSuspect).toBe(false);
      // The window and the CLI read the same: the credentials' words, and the clock's offset from a number.
      const failure = toFailure(error).toIpcError();
      expect(failure).toMatchObject({ code: 'auth_failed', params: { offsetMs: expect.any(Number) } });
      expect(formatError(failure)).toMatch(
        /sign-in.* This computer's clock is 10 minutes behind the service's \(allowed for; check its date and time\)\.$/,
      );
    });
    await withService(0, async (h) => {
      const unknown = serverSource(h, h.http, '00000000-0000-4000-8000-000000000000');
      const error = (await unknown.token().catch((e: unknown) => e)) as ApiError;
      expect(serviceNoteText(error.note)).not.toMatch(/clock|date/);
      expect(serviceNoteText(error.note)).toMatch(/credentials/);
    });
    // An answer without a Date header: the clock cannot be ruled out.
    await withService(10 * MINUTE, async (h) => {
      const http = new HttpClient({
        baseUrl: new URL(h.service.url),
        fetch: (async (input: string | URL | Request, init?: RequestInit) => {
          const answer = await fetch(input, init);
          const headers = new Headers(answer.headers);
          headers.delete('date');
          return new Response(answer.body, { status: answer.status, headers });
        }) as typeof fetch,
      });
      const error = (await serverSource(h, http)
        .token()
        .catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(serviceNoteText(error.note)).toMatch(/this computer's date and time/);
      expect(error.clockSuspect).toBe(true);
      // The Connect screen and doctor say the same, not only "check the credentials".
      const checks = await runServiceChecks({
        baseUrl: new URL(h.service.url),
        http,
        auth: serverSource(h, http),
      });
      const signIn = checks.find((c) => c.id === 'sign-in')!;
      expect(signIn.status).toBe('fail');
      expect(checkDetailText(signIn)).toMatch(/this computer's date and time/);
    });
  });

  it('the Connect screen and scribe doctor name the clock, not the credentials, when it may be the cause', async () => {
    await withService(-10 * MINUTE, async (h) => {
      const check = async (clientId: string) =>
        (
          await runServiceChecks({
            baseUrl: new URL(h.service.url),
            http: h.http,
            auth: serverSource(h, h.http, clientId),
          })
        ).find((c) => c.id === 'sign-in')!;
      const ok = await check(h.fixtures.staticClient.id);
      expect(ok.status).toBe('pass');
      expect(checkDetailText(ok)).toMatch(/clock is 10 minutes ahead of the service's/);
      const refused = await check('00000000-0000-4000-8000-000000000000');
      expect(refused.status).toBe('fail');
      expect(checkDetailText(refused)).toMatch(/Check the client ID/);
      expect(checkDetailText(refused)).toMatch(
        /clock is 10 minutes ahead of the service's \(allowed for; check its date and time\)/,
      );
    });
  });

  it('judges a user token by the lifetime it arrived with: a clock 10 minutes fast does not refresh every call', async () => {
    await withService(-10 * MINUTE, async (h) => {
      const session = await openAuthSession(h.http, {
        kind: 'server',
        credentials: { clientId: h.fixtures.staticClient.id, privateKey: h.staticPem },
        userExternalId: 'ext-fast-clock',
      });
      const core = new CoreClient(h.http, session.active);
      for (let i = 0; i < 4; i++) await core.getNoteSettings();
      expect(h.count('/jwt/refresh')).toBe(0);
      // Only the first assertion (built before the service's time was known) was refused.
      const refused = h.service.control.requests.filter((r) => r.status === 401).map((r) => r.path);
      expect(refused).toEqual(['/v1/core/server/oauth/token']);
    });
  });

  it('refreshes a user token that is really stale, whatever the clock', async () => {
    await withService(10 * MINUTE, async (h) => {
      const session = await openAuthSession(h.http, {
        kind: 'server',
        credentials: { clientId: h.fixtures.staticClient.id, privateKey: h.staticPem },
        userExternalId: 'ext-slow-clock',
      });
      const core = new CoreClient(h.http, session.active);
      await core.getNoteSettings();
      h.service.control.expireAllTokens();
      await core.getNoteSettings();
      expect(h.count('/jwt/refresh')).toBe(1);
    });
  });
});
