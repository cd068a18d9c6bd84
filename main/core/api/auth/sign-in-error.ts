/**
 * Why signing in with the organization did not finish, as a closed set of reasons (`sign_in_failed` reasons
 * of the contract); the words a clinician reads are chosen where they are shown (preload/words). Never
 * carries a token, a code or anything the identity provider or the broker wrote.
 * Thrown by the connection room's sign-in (connection/oidc-sign-in.ts, organization-sign-in.ts); kept here,
 * below the rooms, so ipc/error-mapping.ts can map it without importing a room.
 */

import type { SignInReason } from '../../../../preload/contract/index.ts';

/** The reasons (a closed list in the contract: preload/contract/failure-reasons.ts). */
export type { SignInReason };

/** An expected sign-in failure. */
export class SignInError extends Error {
  override readonly name = 'SignInError';

  constructor(
    readonly reason: SignInReason,
    options?: { cause?: unknown },
  ) {
    // The message is the reason's code, for logs; the words come from toFailure + preload/words.
    super(reason, options);
  }
}
