/**
 * Any local process can reach the loopback redirect port. An answer whose `state` is not this sign-in's is
 * not the identity provider's: it is ignored (404) and the listener keeps waiting, so a process that answers
 * first cannot make the sign-in fail.
 */
import { describe, expect, it } from 'vitest';
import { startLoopbackRedirect } from '../../../../main/features/connection/loopback-redirect.ts';

describe('loopback redirect and state', () => {
  it('ignores answers with another state (codes and errors alike) and takes the matching one', async () => {
    const redirect = await startLoopbackRedirect('s-right');
    try {
      let settled = false;
      void redirect.callback.then(() => (settled = true));
      expect((await fetch(`${redirect.redirectUri}?code=c0&state=s-wrong`)).status).toBe(404);
      expect((await fetch(`${redirect.redirectUri}?error=access_denied&state=s-wrong`)).status).toBe(404);
      expect((await fetch(`${redirect.redirectUri}?error=access_denied`)).status).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(settled).toBe(false);
      expect((await fetch(`${redirect.redirectUri}?code=c1&state=s-right`)).status).toBe(200);
      expect((await redirect.callback).searchParams.get('code')).toBe('c1');
    } finally {
      await redirect.close();
    }
  });
});
