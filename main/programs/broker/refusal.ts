/**
 * The broker's answers to what it will not do: an HTTP status and a JSON body `{code, name, message}`.
 * `code` is the HTTP status, `name` a stable machine name, `message` a plain sentence. None of them ever
 * carries a token, a claim value or anything the caller sent.
 */

/** Every refusal the broker gives, with its status and its message. */
const REFUSALS = {
  MISSING_TOKEN: [401, 'Send the identity provider token as "Authorization: Bearer <token>".'],
  INVALID_TOKEN: [401, 'The token is not a valid signed token from the configured identity provider.'],
  BAD_SIGNATURE: [401, 'The token signature does not match any key of the identity provider.'],
  WRONG_ISSUER: [401, 'The token was not issued by the configured identity provider.'],
  WRONG_AUDIENCE: [401, 'The token was not issued for this broker (audience mismatch).'],
  TOKEN_EXPIRED: [401, 'The token has expired. Sign in again.'],
  TOKEN_NOT_YET_VALID: [401, 'The token is not valid yet (check the computer clock).'],
  TOKEN_TOO_OLD: [401, 'The token was issued too long ago: present a token from a sign-in just made.'],
  TOKEN_REPLAYED: [401, 'This token was already exchanged: each sign-in token is taken once. Sign in again.'],
  WRONG_TOKEN_TYPE: [
    401,
    'This kind of token is not accepted: present the sign-in token the broker expects.',
  ],
  USER_CLAIM_MISSING: [403, 'The token does not carry the claim that names the clinician.'],
  USER_CLAIM_UNVERIFIED: [
    403,
    'The identity provider does not say the e-mail address in the token is verified.',
  ],
  ACCESS_NOT_GRANTED: [403, 'The organization has not granted this account the use of the app. Contact IT.'],
  USER_DEACTIVATED: [403, 'This clinician account is deactivated on the service. Contact IT.'],
  TOO_MANY_STREAMS: [429, 'This clinician has too many change streams open. Close one and try again.'],
  RATE_LIMITED: [429, 'Too many sign-in requests. Wait a minute and try again.'],
  NOT_FOUND: [
    404,
    'Unknown path. The broker answers POST /v1/token, /v1/appointments, /v1/em-codes and GET /healthz.',
  ],
  METHOD_NOT_ALLOWED: [405, 'This path does not take that method.'],
  BODY_NOT_ALLOWED: [400, 'POST /v1/token takes no body: the token goes in the Authorization header.'],
  STORE_UNAVAILABLE: [503, 'The broker cannot reach its shared store to count requests. Try again shortly.'],
  INTERNAL: [500, 'The broker failed.'],
  BROKER_DRAINING: [503, 'This broker instance is stopping. Try again: another instance will answer.'],
  ISSUER_UNAVAILABLE: [503, 'The identity provider could not be reached to check the token.'],
  SERVICE_UNAVAILABLE: [502, 'The documentation service could not be reached or refused the broker.'],
  SCHEDULE_NOT_CONFIGURED: [
    404,
    'This broker does not offer appointments (no Server API credentials configured).',
  ],
  PROVIDER_NOT_FOUND: [
    403,
    'No practitioner of the organization is registered for this clinician. Contact IT.',
  ],
  APPOINTMENT_NOT_FOUND: [404, "No such appointment among this clinician's appointments."],
  USER_NOT_FOUND: [403, 'This clinician has no service account yet: sign in with the organization first.'],
  EM_REQUEST_REFUSED: [422, 'The documentation service refused these E/M inputs.'],
  BAD_REQUEST: [400, 'The request does not have the form this route takes.'],
  CONVERSATION_LOCKED: [409, "The patient's conversation is locked: it accepts no new message."],
  CONVERSATION_MISMATCH: [
    502,
    "The service named a conversation that is not this patient's alone: nothing was sent.",
  ],
  WEBHOOK_REFUSED: [401, 'The delivery is not signed with the webhook secret, or its timestamp is too old.'],
} as const satisfies Record<string, readonly [number, string]>;

/** The wait a 5xx answer names when nothing says better (the Redis client reconnects within 5 s). */
const SERVER_RETRY_AFTER_SEC = 5;

/** A refusal's machine name. */
export type RefusalName = keyof typeof REFUSALS;

/** An expected refusal: becomes a JSON error answer, never a crash. */
export class BrokerRefusal extends Error {
  override readonly name = 'BrokerRefusal';
  readonly status: number;
  /** Seconds to wait: for RATE_LIMITED, and for every 5xx (a default when not given). */
  readonly retryAfterSec: number | undefined;

  constructor(
    readonly refusal: RefusalName,
    options?: { cause?: unknown; retryAfterSec?: number },
  ) {
    super(REFUSALS[refusal][1], options?.cause === undefined ? undefined : { cause: options.cause });
    this.status = REFUSALS[refusal][0];
    // A 5xx is the broker's or what it needs being down: always say when to try again (issue 34).
    this.retryAfterSec = options?.retryAfterSec ?? (this.status >= 500 ? SERVER_RETRY_AFTER_SEC : undefined);
  }

  /** The JSON body sent to the caller. */
  body(): { code: number; name: RefusalName; message: string } {
    return { code: this.status, name: this.refusal, message: this.message };
  }
}
