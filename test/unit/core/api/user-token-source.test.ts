import { describe, expect, it } from 'vitest';
import { UserTokenSource } from '../../../../main/core/api/auth/user-token-source.ts';
import { HttpClient } from '../../../../main/core/api/transport/http.ts';

describe('UserTokenSource', () => {
  it('treats an empty access token (an organization-supplied refresh token only) as expired', async () => {
    const paths: string[] = [];
    const auth: Array<string | undefined> = [];
    const http = new HttpClient({
      baseUrl: new URL('https://us.api.example.com'),
      fetch: (async (input: string | URL | Request, init?: RequestInit) => {
        const url = new URL(String(input));
        paths.push(url.pathname);
        auth.push((init?.headers as Record<string, string>).authorization);
        const body = url.pathname.endsWith('/jwt/refresh')
          ? { access_token: 'fresh', refresh_token: 'r2' }
          : { ok: 1 };
        return new Response(JSON.stringify(body), { status: 200 });
      }) as typeof fetch,
    });
    const saved: string[] = [];
    const source = new UserTokenSource(
      http,
      { access_token: '', refresh_token: 'r1' },
      { onTokens: (t) => void saved.push(t.refresh_token) },
    );
    expect(await source.token()).toBe('fresh');
    expect(paths).toEqual(['/v1/core/user/jwt/refresh']);
    expect(auth).toEqual([undefined]);
    expect(saved).toEqual(['r2']);
    // Two callers at once share one refresh.
    const again = new UserTokenSource(http, { access_token: '', refresh_token: 'r3' });
    await Promise.all([again.token(), again.token()]);
    expect(paths.filter((p) => p.endsWith('/jwt/refresh'))).toHaveLength(2);
  });
});
