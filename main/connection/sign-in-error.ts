/**
 * Why signing in with the organization did not finish, as a closed set of reasons with words a clinician
 * reads. Never carries a token, a code or anything the identity provider or the broker wrote.
 */

/** The reasons. */
export type SignInReason =
  | 'cancelled'
  | 'timed_out'
  | 'interaction_required'
  | 'idp_unreachable'
  | 'idp_refused'
  | 'broker_unreachable'
  | 'broker_refused'
  | 'account_deactivated'
  | 'not_configured';

const WORDS: Readonly<Record<SignInReason, string>> = {
  cancelled: 'Sign-in was cancelled in the browser. Try again when you are ready.',
  timed_out: 'Sign-in did not finish in the browser in time. Try again.',
  interaction_required: 'Your organization needs you to sign in again in the browser.',
  idp_unreachable: "Your organization's sign-in page could not be reached. Check the network connection.",
  idp_refused: "Your organization's sign-in did not accept this request. Contact IT if it keeps happening.",
  broker_unreachable: "Your organization's sign-in service (token broker) could not be reached.",
  broker_refused: "Your organization's sign-in service did not accept this sign-in. Contact IT.",
  account_deactivated: 'Your account is deactivated on the documentation service. Contact IT.',
  not_configured: 'Signing in with your organization is not set up on this computer. Contact IT.',
};

/** An expected sign-in failure. */
export class SignInError extends Error {
  override readonly name = 'SignInError';

  constructor(
    readonly reason: SignInReason,
    options?: { cause?: unknown },
  ) {
    super(WORDS[reason], options);
  }
}
