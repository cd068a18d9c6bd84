/**
 * The tests' brokers: `startBrokerProcess` runs the CLI bundle built once a run by
 * test/harness/cli-bundle.ts (broker-child.ts), and `brokerRigPerFile` the service and provider beside it.
 */
import { afterAll, beforeAll } from 'vitest';
import { cliBundle } from '../../harness/cli-bundle.ts';
import { later } from '../../harness/later.ts';
import { startTestIdp, type TestIdp } from '../../fixtures/oidc/test-idp.ts';
import { startHarness, type Harness } from '../core/api/harness.ts';
import { brokerEnv, startBrokerChild, type BrokerProcess } from './broker-child.ts';

export { brokerEnv, presentToken, type BrokerProcess } from './broker-child.ts';

/** Starts the broker with `env` (plus PATH/HOME) and waits until it listens. */
export function startBrokerProcess(env: Record<string, string>, args: string[] = []): Promise<BrokerProcess> {
  return startBrokerChild(cliBundle(), env, args);
}

/**
 * For this file: the local service, an identity provider with no users yet and the broker's environment
 * naming both (`brokerEnv`); each test starts the brokers it needs.
 */
export function brokerRigPerFile(): { h: Harness; idp: TestIdp; env: Record<string, string> } {
  let rig: { h: Harness; idp?: TestIdp; env?: Record<string, string> } | undefined;
  beforeAll(async () => {
    rig = { h: await startHarness() };
    rig.idp = await startTestIdp({});
    const { h } = rig;
    rig.env = await brokerEnv(
      { url: h.service.url, clientId: h.fixtures.staticClient.id, pem: h.staticPem },
      rig.idp,
    );
  });
  afterAll(async () => {
    await rig?.idp?.close();
    await rig?.h.close();
  });
  return {
    h: later('the local service', () => rig?.h),
    idp: later('the identity provider', () => rig?.idp),
    env: later("the broker's environment", () => rig?.env),
  };
}
