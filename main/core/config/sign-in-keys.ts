/**
 * Keys of "Sign in with the organization" (OpenID Connect + the organization's token broker), one block of
 * the schema (policy-keys.ts): which identity provider, which client, which scopes, which broker, and
 * whether a managed installation may still offer the organization's server credentials. None is a personal
 * preference. Names, schemas and defaults are those of the sign-in work, so its code reads them unchanged.
 */
import { z } from 'zod';
import { key } from './policy-keys-core.ts';

const NOT_SETTINGS = ['settings'] as const;

const secureUrl = z.string().refine(
  (raw) => {
    try {
      const url = new URL(raw);
      const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
      return url.protocol === 'https:' || (url.protocol === 'http:' && loopback);
    } catch {
      return false;
    }
  },
  { message: 'must be an https:// URL (http:// only on 127.0.0.1 or localhost)' },
);

/** The sign-in block. */
export const SIGN_IN_KEYS = {
  signInIssuer: key({
    schema: secureUrl,
    title: 'Identity provider (issuer)',
    description:
      'The OpenID Connect issuer clinicians sign in with (Connect → Sign in with your organization), e.g. https://login.example.org/tenant/v2.0.',
    expect: 'must be the identity provider issuer URL (https://…)',
    deniedLayers: NOT_SETTINGS,
  }),
  signInClientId: key({
    schema: z.string().trim().min(1).max(256),
    title: 'Sign-in client id',
    description: 'The public (native) client registered with the identity provider for this app.',
    expect: 'must be 1-256 characters',
    deniedLayers: NOT_SETTINGS,
  }),
  signInScopes: key({
    schema: z
      .array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]{1,256}$/))
      .min(1)
      .max(20),
    default: ['openid', 'profile', 'email'],
    title: 'Sign-in scopes',
    description: 'The scopes the app asks the identity provider for, comma-separated.',
    expect: 'must be scopes such as openid,profile,email',
    deniedLayers: NOT_SETTINGS,
  }),
  signInBrokerUrl: key({
    schema: secureUrl,
    title: 'Token broker',
    description:
      "The organization's token broker (scribe broker), which turns the identity provider's token into the clinician's own service tokens.",
    expect: 'must be the token broker URL (https://…)',
    deniedLayers: NOT_SETTINGS,
  }),
  signInPresentedToken: key({
    schema: z.enum(['id_token', 'access_token']),
    default: 'id_token',
    title: 'Token presented to the broker',
    description: "Which of the identity provider's tokens the app presents to the broker.",
    expect: 'must be id_token or access_token',
    deniedLayers: NOT_SETTINGS,
  }),
  signInRecheckHours: key({
    schema: z.number().int().min(1).max(720),
    default: 12,
    title: 'Re-check the sign-in at the identity provider (hours)',
    description:
      "How long a clinician's organization sign-in may go on without the identity provider being asked again. Past it, the app renews its tokens through the identity provider and the broker (silently while the provider's session lives) instead of the service's refresh, so a clinician disabled at the identity provider loses access within this time; a failed re-check also ends the session at the service. Default 12 hours (a working day); 720 is about the service's own 30-day refresh limit.",
    expect: 'must be a whole number of hours from 1 to 720',
    deniedLayers: NOT_SETTINGS,
    example: 8,
  }),
  allowServerCredentials: key({
    schema: z.boolean(),
    default: false,
    title: 'Offer server credentials',
    description:
      "Whether a managed installation still offers the organization's server credentials (a private key on the desktop). Off by default.",
    expect: 'must be true or false',
    // Whether a managed installation offers the organization's key on a desktop: IT's decision only.
    deniedLayers: ['flags', 'env', 'settings'],
  }),
  allowSampleVisit: key({
    schema: z.boolean(),
    title: 'Offer the sample visit',
    description:
      'Whether Connect offers the sample visit (synthetic speech on a built-in local service, no account). Unset: offered where no managed policy applies, not offered in a managed installation.',
    expect: 'must be true or false',
    // Whether clinicians see a demonstration beside the organization's sign-in is IT's decision only.
    deniedLayers: ['flags', 'env', 'settings'],
    example: false,
  }),
};
