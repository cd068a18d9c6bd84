/**
 * The set-ups end-to-end files share, once per file: the local service with an OAuth client, the app in
 * Chromium, an organization's sign-in (identity provider, broker, the clinician's browser), each started
 * before the file's first test and closed after its last (the app first). What they return is filled in by
 * `beforeAll`: read it inside tests and hooks only.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { SampleService } from '../../service/sample-service.ts';
import { startTestIdp, type TestIdp } from '../../fixtures/oidc/test-idp.ts';
import { startBrowserDriver, type BrowserDriver } from '../../integration/sign-in/browser-driver.ts';
import { startBrokerProcess, type BrokerProcess } from '../../integration/sign-in/broker-process.ts';
import { later } from '../../harness/later.ts';
import { refusingService, startServiceWithClient, type OAuthClient } from './fixtures.ts';
import { startApp, type AppHarness } from './harness.ts';

type AppOptions = NonNullable<Parameters<typeof startApp>[0]>;
type ServiceOptions = NonNullable<Parameters<typeof startServiceWithClient>[0]>;

/** The app for this file; `options` may be a function, called in `beforeAll` (e.g. to name the service). */
export function appPerFile(options: AppOptions | (() => AppOptions | Promise<AppOptions>) = {}): AppHarness {
  let h: AppHarness | undefined;
  beforeAll(async () => {
    h = await startApp(typeof options === 'function' ? await options() : options);
  });
  afterAll(async () => {
    await h?.close();
  });
  return later('the app', () => h);
}

/**
 * The local service with one OAuth client, for this file (call it before `appPerFile`: hooks after tests run
 * in reverse, so the app closes first).
 */
export function servicePerFile(options: ServiceOptions = {}): {
  service: SampleService;
  client: OAuthClient;
} {
  let started: { service: SampleService; client: OAuthClient } | undefined;
  beforeAll(async () => {
    started = await startServiceWithClient(options);
  });
  afterAll(async () => {
    await started?.service.close();
  });
  return {
    service: later('the service', () => started?.service),
    client: later('the OAuth client', () => started?.client),
  };
}

/** For this file, an identity service that refuses every request (`refusingService`'s arguments). */
export function refusingServicePerFile(...args: Parameters<typeof refusingService>): { url: string } {
  let refusing: Awaited<ReturnType<typeof refusingService>> | undefined;
  beforeAll(async () => {
    refusing = await refusingService(...args);
  });
  afterAll(() => {
    refusing?.server.close();
  });
  return later('the refusing service', () => refusing);
}

/** An organization that signs its clinicians in: its identity provider, its broker, a clinician's browser. */
interface Organization {
  service: SampleService;
  idp: TestIdp;
  broker: BrokerProcess;
  /** The system browser the app opens for the sign-in, driven as the clinician dr.lee. */
  browser: BrowserDriver;
}

/**
 * The local service, a real OpenID provider with the clinician dr.lee, the broker as a child process
 * (holding `serverApiKey` when given) and the app whose policy names them: "Sign in with your organization".
 */
export function organizationPerFile(
  options: { service?: ServiceOptions; serverApiKey?: string } = {},
): Organization & { h: AppHarness } {
  const org: Partial<Organization> = {};
  beforeAll(async () => {
    const started = await startServiceWithClient(options.service);
    org.service = started.service;
    org.idp = await startTestIdp({ 'dr.lee': { oid: 'oid-dr-lee-e2e' } });
    const dir = await mkdtemp(join(tmpdir(), 'scribe-e2e-broker-'));
    await writeFile(join(dir, 'key.pem'), started.client.privateKeyPem, { mode: 0o600 });
    const apiKeyFile = join(dir, 'server-api-key');
    if (options.serverApiKey) await writeFile(apiKeyFile, options.serverApiKey, { mode: 0o600 });
    org.broker = await startBrokerProcess({
      SCRIBE_SERVICE_URL: org.service.url,
      SCRIBE_CLIENT_ID: started.client.id,
      SCRIBE_PRIVATE_KEY_FILE: join(dir, 'key.pem'),
      SCRIBE_BROKER_ISSUER: org.idp.issuer,
      SCRIBE_BROKER_AUDIENCE: org.idp.clientId,
      SCRIBE_BROKER_USER_CLAIM: 'oid',
      ...(options.serverApiKey ? { SCRIBE_BROKER_SERVER_API_KEY_FILE: apiKeyFile } : {}),
    });
    org.browser = await startBrowserDriver('dr.lee');
  });
  afterAll(async () => {
    await org.browser?.close();
    await org.broker?.stop();
    await org.idp?.close();
    await org.service?.close();
  });
  const h = appPerFile(() => ({
    policy: {
      serviceUrl: org.service!.url,
      signInIssuer: org.idp!.issuer,
      signInClientId: org.idp!.clientId,
      signInScopes: ['openid', 'profile'],
      signInBrokerUrl: org.broker!.url,
    },
    openBrowser: (url) => org.browser!.open(url),
  }));
  return {
    service: later('the service', () => org.service),
    idp: later('the identity provider', () => org.idp),
    broker: later('the broker', () => org.broker),
    browser: later("the clinician's browser", () => org.browser),
    h,
  };
}
