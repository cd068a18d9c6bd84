/**
 * Why signing in with the organization did not finish, as a closed set of reasons whose words a clinician
 * reads are in the messages module. Never carries a token, a code or anything the identity provider or the broker wrote.
 * Thrown by the connection room's sign-in (connection/oidc-sign-in.ts, organization-sign-in.ts); kept here,
 * below the rooms, so ipc/error-mapping.ts can map it without importing a room.
 */

import { REASON_TEXT, type SignInReason } from '../../../../preload/contract/index.ts';

/** The reasons (a closed list in the contract's messages module, which holds their words). */
export type { SignInReason };

/** An expected sign-in failure. */
export class SignInError extends Error {
  override readonly name = 'SignInError';

  constructor(
    readonly reason: SignInReason,
    options?: { cause?: unknown },
  ) {
    super(REASON_TEXT.sign_in_failed[reason], options);
  }
}
