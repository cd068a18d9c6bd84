/**
 * An organization's sign-in, all real, for a test file or a describe block: the local service, an OpenID
 * provider with `users`, the broker as a child process and a clinician's browser per login. Started before
 * the first test, closed after the last; read what it returns inside tests and hooks only.
 */
import { afterAll, beforeAll } from 'vitest';
import { later } from '../../harness/later.ts';
import {
  startTestIdp,
  type TestIdp,
  type TestIdpOptions,
  type TestUsers,
} from '../../fixtures/oidc/test-idp.ts';
import {
  OrganizationSignIn,
  type OrganizationSignInSettings,
} from '../../../main/features/connection/organization-sign-in.ts';
import { startHarness, type Harness } from '../core/api/harness.ts';
import { startBrowserDriver, type BrowserDriver } from './browser-driver.ts';
import { brokerEnv, startBrokerProcess, type BrokerProcess } from './broker-process.ts';

/** What `organizationPerFile` starts. */
export interface OrganizationRig {
  h: Harness;
  idp: TestIdp;
  broker: BrokerProcess;
  /** The browser signed in as `login` (one of the logins named). */
  browser(login: string): BrowserDriver;
  /** The app's sign-in with this organization (ID token to the broker), its pages in `login`'s browser. */
  signIn(login: string, more?: Partial<OrganizationSignInSettings>): OrganizationSignIn;
}

/**
 * `users` is the provider's own table, read at each sign-in: a test that deletes an account disables it
 * there. `logins`: a browser (its own profile) for each clinician who signs in.
 */
export function organizationPerFile(
  users: TestUsers,
  logins: string[],
  options: TestIdpOptions = {},
): OrganizationRig {
  const rig: { h?: Harness; idp?: TestIdp; broker?: BrokerProcess; browsers?: Map<string, BrowserDriver> } =
    {};
  beforeAll(async () => {
    const h = (rig.h = await startHarness());
    rig.idp = await startTestIdp(users, 'scribe-desktop', options);
    const service = { url: h.service.url, clientId: h.fixtures.staticClient.id, pem: h.staticPem };
    rig.broker = await startBrokerProcess(await brokerEnv(service, rig.idp));
    rig.browsers = new Map();
    for (const login of logins) rig.browsers.set(login, await startBrowserDriver(login));
  }, 60_000);
  afterAll(async () => {
    await Promise.all([...(rig.browsers?.values() ?? [])].map((b) => b.close()));
    await rig.broker?.stop();
    await rig.idp?.close();
    await rig.h?.close();
  });
  const idp = later('the identity provider', () => rig.idp);
  const broker = later('the broker', () => rig.broker);
  const browser = (login: string) => later(`${login}'s browser`, () => rig.browsers?.get(login));
  return {
    h: later('the local service', () => rig.h),
    idp,
    broker,
    browser,
    signIn: (login, more = {}) =>
      new OrganizationSignIn(
        {
          issuer: idp.issuer,
          clientId: idp.clientId,
          scopes: ['openid', 'profile'],
          brokerUrl: broker.url,
          present: 'id_token',
          ...more,
        },
        (url) => browser(login).open(url),
      ),
  };
}
