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
  /** The service user's id as the broker said it (the audit trail names the clinician by it). */
  userId: z.string().min(1).max(256).optional(),
  /** When the clinician last signed in at the identity provider (ms since 1970): IT may cap a session's age. */
  signedInAt: z.number().int().nonnegative().optional(),
});

/** Any credentials the vault keeps. */
export const StoredCredentialsSchema = z.union([CredentialsSchema, OrganizationCredentialsSchema]);
/** Any credentials the vault keeps. */
export type StoredCredentials = z.infer<typeof StoredCredentialsSchema>;
