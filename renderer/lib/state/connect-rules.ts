/** The Connect screen's rules: which ways of signing in are offered, and the request a form makes. */
import type { ConnectRequest, Credentials, SignInMethods } from '../../../preload/contract/index.ts';
import { CLIENT_ID_SHAPE } from '../../../preload/contract/limits.ts';

/** How the organization's credentials are given. */
export type CredentialKind = Credentials['kind'];

// Worded by the words module (ui().credentials.choices), so the form reads in the window's language.
const ALL_CHOICES: readonly { kind: CredentialKind }[] = [{ kind: 'server' }, { kind: 'user-refresh-token' }];

/** Whether server credentials are offered (a managed installation may not offer them at all). */
function offersServer(methods: SignInMethods | undefined): boolean {
  return methods?.serverCredentials ?? true;
}

/** The sign-in choices shown as radio buttons. */
export function signInChoices(methods: SignInMethods | undefined): { kind: CredentialKind }[] {
  return ALL_CHOICES.filter((c) => offersServer(methods) || c.kind !== 'server');
}

/** The kind in force: what IT pins, else the person's choice when offered, else the sign-in token. */
export function credentialKind(
  pinned: string | undefined,
  chosen: CredentialKind,
  methods: SignInMethods | undefined,
): CredentialKind {
  if (pinned !== undefined) return pinned as CredentialKind;
  return offersServer(methods) ? chosen : 'user-refresh-token';
}

/** What the person typed (the fields of the kind not chosen are ignored). */
export interface CredentialFields {
  clientId: string;
  privateKeyPem: string;
  keyId: string;
  refreshToken: string;
}

/** The request to connect: names and tokens trimmed, the key as pasted, an empty key id left out. */
export function connectRequest(
  baseUrl: string,
  kind: CredentialKind,
  fields: CredentialFields,
): ConnectRequest {
  const credentials: Credentials =
    kind === 'server'
      ? {
          kind,
          clientId: fields.clientId.trim(),
          privateKeyPem: fields.privateKeyPem,
          ...(fields.keyId.trim() ? { keyId: fields.keyId.trim() } : {}),
        }
      : { kind, refreshToken: fields.refreshToken.trim() };
  return { baseUrl: baseUrl.trim(), credentials };
}

/**
 * The field a person left empty or typed in a shape the channel refuses (a client ID that is not a UUID), as
 * Connect's refusal names it (checked before anything is sent), or null.
 */
export function fieldProblem(
  baseUrl: string,
  kind: CredentialKind,
  fields: CredentialFields,
):
  | 'address_missing'
  | 'token_missing'
  | 'client_id_missing'
  | 'client_id_malformed'
  | 'private_key_missing'
  | null {
  if (baseUrl.trim() === '') return 'address_missing';
  if (kind === 'user-refresh-token') return fields.refreshToken.trim() === '' ? 'token_missing' : null;
  if (fields.clientId.trim() === '') return 'client_id_missing';
  if (!CLIENT_ID_SHAPE.test(fields.clientId.trim())) return 'client_id_malformed';
  return fields.privateKeyPem.trim() === '' ? 'private_key_missing' : null;
}
