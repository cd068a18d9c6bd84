/**
 * What the credential vault may hold: the credentials a person enters on Connect (preload contract), or
 * the result of signing in with the organization — the clinician's own refresh token and an ID token kept
 * only as a hint for the identity provider's sign-out. Never the organization's key in that mode.
 */
import { z } from 'zod';
import { CredentialsSchema } from '../../../preload/contract/index.ts';

/** A clinician signed in through the organization's identity provider and token broker. */
const OrganizationCredentialsSchema = z.object({
  kind: z.literal('organization'),
  refreshToken: z.string().min(1),
  idTokenHint: z.string().min(1).optional(),
});

/** Any credentials the vault keeps. */
export const StoredCredentialsSchema = z.union([CredentialsSchema, OrganizationCredentialsSchema]);
/** Any credentials the vault keeps. */
export type StoredCredentials = z.infer<typeof StoredCredentialsSchema>;
