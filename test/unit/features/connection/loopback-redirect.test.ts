/** The sign-in's loopback redirect target: 127.0.0.1 at a random port, one answer, nothing else served. */
import { describe, expect, it } from 'vitest';
import { startLoopbackRedirect } from '../../../../main/features/connection/loopback-redirect.ts';

describe('loopback redirect', () => {
  it('listens on 127.0.0.1 at a port the system picked and takes the first answer only', async () => {
    const redirect = await startLoopbackRedirect('s1');
    try {
      expect(redirect.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      expect((await fetch(new URL('/favicon.ico', redirect.redirectUri))).status).toBe(404);
      expect((await fetch(redirect.redirectUri)).status).toBe(404); // no state, no error: not an answer
      const page = await fetch(`${redirect.redirectUri}?code=c1&state=s1`);
      expect(page.status).toBe(200);
      expect(await page.text()).not.toContain('c1'); // the page never echoes the code
      const url = await redirect.callback;
      expect(url.searchParams.get('code')).toBe('c1');
      expect((await fetch(`${redirect.redirectUri}?code=c2&state=s1`)).status).toBe(404);
    } finally {
      await redirect.close();
    }
  });

  it('stops waiting when aborted', async () => {
    const abort = new AbortController();
    const redirect = await startLoopbackRedirect('s1', abort.signal);
    abort.abort(new Error('cancelled by the person'));
    await expect(redirect.callback).rejects.toThrow('cancelled by the person');
    await redirect.close();
  });
});
