/**
 * Privacy canaries for the desktop side of the sign-in: whatever an identity provider or a broker writes
 * into an error (error_description, message) never reaches what the app shows or throws, and a token
 * never appears in an error either.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganizationSignIn } from '../../../main/features/connection/organization-sign-in.ts';
import { SignInError } from '../../../main/core/api/auth/sign-in-error.ts';
import { startTestIdp, type TestIdp } from '../../fixtures/oidc/test-idp.ts';

const CANARY = 'CANARY-patient-Jane-Roe-1984';

let idp: TestIdp;
let broker: Server;
let brokerUrl: string;

beforeAll(async () => {
  idp = await startTestIdp({});
  // A broker that refuses with a message carrying the canary (as a misconfigured proxy might).
  broker = createServer((_req, res) => {
    res.writeHead(403, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 403, name: 'SOMETHING_NEW', message: `refused ${CANARY}` }));
  });
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  brokerUrl = `http://127.0.0.1:${(broker.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => broker.close(resolve));
  await idp.close();
});

function signInWith(openBrowser: (url: string) => Promise<void>) {
  return new OrganizationSignIn(
    { issuer: idp.issuer, clientId: idp.clientId, scopes: ['openid'], brokerUrl, present: 'id_token' },
    openBrowser,
  );
}

describe('sign-in errors carry our words only', () => {
  it("an identity provider's error_description never reaches the error", async () => {
    // The "browser" comes straight back with an error, as a provider does when the person declines.
    const signIn = signInWith(async (url) => {
      const request = new URL(url);
      const back = new URL(request.searchParams.get('redirect_uri')!);
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', CANARY);
      back.searchParams.set('state', request.searchParams.get('state')!);
      back.searchParams.set('iss', idp.issuer); // RFC 9207: the provider names itself
      await fetch(back);
    });
    const error = await signIn.signIn().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignInError);
    expect((error as SignInError).reason).toBe('cancelled');
    expect((error as Error).message).not.toContain(CANARY);
    expect(JSON.stringify(error)).not.toContain(CANARY);
  });

  it("a broker's refusal message and the presented token never reach the error", async () => {
    const token = await idp.sign({ sub: CANARY });
    const error = await signInWith(async () => undefined)
      .exchange(token)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignInError);
    expect((error as SignInError).reason).toBe('broker_refused');
    expect((error as Error).message).not.toContain(CANARY);
    expect((error as Error).message).not.toContain(token.slice(0, 20));
  });
});
