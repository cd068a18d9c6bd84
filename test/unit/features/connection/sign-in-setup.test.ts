/**
 * The ways in Connect offers, from the resolved configuration: the sample visit is IT's decision in a
 * managed installation (`allowSampleVisit`), and offered where no managed policy applies (issue 19).
 */
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../../main/core/config/resolve-config.ts';
import { liveOrganizationSignIn, signInOptions } from '../../../../main/features/connection/sign-in-setup.ts';

function offer(policy: Record<string, unknown>): boolean {
  const resolved = resolveConfig({ policy: { values: policy } });
  if (!resolved.ok) throw new Error('the policy was refused');
  return signInOptions(resolved.config, resolved.sources, undefined).methods.sample;
}

describe('the sample visit on Connect', () => {
  it('is offered where no managed policy applies', () => {
    expect(offer({})).toBe(true);
  });

  it('is not offered in a managed installation unless the policy allows it', () => {
    expect(offer({ serviceUrl: 'https://us.scribe.example.com' })).toBe(false);
    expect(offer({ serviceUrl: 'https://us.scribe.example.com', allowSampleVisit: true })).toBe(true);
    expect(offer({ allowSampleVisit: false })).toBe(false);
  });
});

describe("the organization's re-check at the identity provider", () => {
  const organization = {
    serviceUrl: 'https://us.scribe.example.com',
    signInIssuer: 'https://login.example.org/tenant/v2.0',
    signInClientId: 'scribe-desktop',
    signInBrokerUrl: 'https://broker.example.org',
  };
  const recheckHours = (policy: Record<string, unknown>) => {
    const resolved = resolveConfig({ policy: { values: { ...organization, ...policy } } });
    if (!resolved.ok) throw new Error('the policy was refused');
    const signIn = liveOrganizationSignIn(
      () => resolved.config,
      async () => undefined,
    )();
    return signIn && signIn.recheckAfterMs! / 3_600_000;
  };

  it('is on by default, every 12 hours (issue 32), and IT sets its own', () => {
    expect(recheckHours({})).toBe(12);
    expect(recheckHours({ signInRecheckHours: 8 })).toBe(8);
  });
});
