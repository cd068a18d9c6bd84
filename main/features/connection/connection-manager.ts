/**
 * Which service the app talks to: none yet, an organization's, or the built-in sample service. Builds the
 * Connect screen's status from `scribe doctor`-style checks, as codes the words module words.
 */
import type {
  Check,
  ConnectionStatus,
  Credentials,
  SignInMethods,
  ErrorParams,
  SummaryNote,
} from '../../../preload/contract/index.ts';
import { SignInError } from '../../core/api/auth/sign-in-error.ts';
import { checkBaseUrl } from '../../core/api/base-url.ts';
import type {
  ClinicianIdentity,
  Connection,
  Connector,
  SampleKit,
  SignInEvent,
  SignInHow,
  SignOutWhy,
} from './ports.ts';
import { Emitter } from '../../base/async/emitter.ts';
import { Failure } from '../../base/failure.ts';
import { asSampleChecks, keepingSignIn, signInEvent, signOutQuietly } from './sign-in-outcome.ts';

export { SIGN_OUT_WAIT_MS } from './sign-in-outcome.ts';

/** The ways in this installation offers, and the service a sign-in with the organization connects to. */
export interface SignInOptions {
  methods: SignInMethods;
  /** The service address the organization's policy names (required for its sign-in). */
  organizationServiceUrl?: string;
}

/** Unmanaged installs: the person's own credentials, no organization sign-in. */
const DEFAULT_SIGN_IN: SignInOptions = {
  methods: { organization: null, serverCredentials: true, clinicianToken: true, sample: true },
};

/** Holds the current connection and its last checks. */
export class ConnectionManager {
  readonly #connector: Connector;
  readonly #sample: SampleKit | null;
  readonly #visitActive: () => boolean;
  #connection: Connection | null = null;
  /** Who is signing out, while that is reported. */
  #departing: ClinicianIdentity | null = null;
  #mode: ConnectionStatus['mode'] = 'none';
  #checks: Check[] = [];
  readonly #signIn: () => SignInOptions;
  #signingIn: AbortController | null = null;
  readonly #changed = new Emitter<ConnectionStatus>();
  readonly #reported = new Emitter<SignInEvent>();

  /** `visitActive` says whether a visit is being recorded: its connection must not change under it. */
  constructor(
    connector: Connector,
    sample: SampleKit | null,
    visitActive: () => boolean = () => false,
    signIn: SignInOptions | (() => SignInOptions) = DEFAULT_SIGN_IN,
  ) {
    this.#connector = connector;
    this.#sample = sample;
    this.#visitActive = visitActive;
    // A function when IT's policy can change the offer while the app runs.
    this.#signIn = typeof signIn === 'function' ? signIn : () => signIn;
  }

  /** Told the status after every change (the `connect:status` push); returns its remover. */
  onStatus(listener: (status: ConnectionStatus) => void): () => void {
    return this.#changed.on(listener);
  }

  /** Told each sign-in (or refused one) and sign-out, whatever started it; returns its remover. */
  onDidReport(listener: (event: SignInEvent) => void): () => void {
    return this.#reported.on(listener);
  }

  /** Tells the listeners the status as it is now (e.g. IT's policy changed the sign-in methods offered). */
  publish(): ConnectionStatus {
    const status = this.status();
    this.#changed.emit(status);
    return status;
  }

  get mode(): ConnectionStatus['mode'] {
    return this.#mode;
  }

  /** Who the current connection acts as (ids only), or null when there is none. */
  identity(): ClinicianIdentity | null {
    return this.#connection?.identity?.() ?? this.#departing;
  }

  /** The connection, or a `not_connected` failure. */
  require(): Connection {
    if (!this.#connection) throw new Failure('not_connected');
    return this.#connection;
  }

  get sampleKit(): SampleKit | null {
    return this.#sample;
  }

  /** Restores a saved organization connection at start-up (quietly: the Connect screen shows the result). */
  async restore(): Promise<ConnectionStatus> {
    return this.#changing(async () => {
      try {
        const restored = await this.#connector.restore();
        if (restored) await this.#use(restored, 'organization', 'restored');
      } catch (error) {
        // E.g. IT's key file is unreadable: say so on the Connect screen rather than look merely signed out.
        const failure =
          error instanceof Failure && error.params
            ? { code: error.code, params: error.params as ErrorParams }
            : undefined;
        const check: Check = { id: 'saved-connection', status: 'fail', reason: 'unreadable' };
        this.#checks = [failure ? { ...check, params: { failure } } : check];
      }
      return this.status();
    });
  }

  async configure(baseUrl: string, credentials: Credentials): Promise<ConnectionStatus> {
    return this.#changing(async () => {
      this.#refuseDuringVisit();
      if (credentials.kind === 'server' && !this.#signIn().methods.serverCredentials)
        throw new Failure('sign_in_not_offered', { reason: 'organization_sign_in_only' });
      const check = checkBaseUrl(baseUrl);
      if (!check.ok) throw new Failure('config_invalid', { reason: check.rule });
      const connection = await this.#connector
        .connect(check.url.origin, credentials)
        .catch((error: unknown) => Promise.reject(keepingSignIn(error)));
      await this.#use(connection, 'organization', 'entered');
      return this.status();
    });
  }

  /**
   * "Sign in with your organization": the system browser, then the broker. One at a time; the status says
   * `signingIn` meanwhile, and cancelSignIn() stops waiting.
   */
  async signInWithOrganization(): Promise<ConnectionStatus> {
    this.#refuseDuringVisit();
    const baseUrl = this.#signIn().organizationServiceUrl;
    if (!this.#signIn().methods.organization || !baseUrl || !this.#connector.signInWithOrganization)
      throw new Failure('sign_in_not_offered');
    if (this.#signingIn) throw new Failure('sign_in_failed', { reason: 'already_open' });
    const abort = new AbortController();
    this.#signingIn = abort;
    this.publish();
    try {
      const connection = await this.#connector.signInWithOrganization(baseUrl, abort.signal);
      await this.#use(connection, 'organization', 'entered');
    } catch (error) {
      if (error instanceof SignInError) throw new Failure('sign_in_failed', { reason: error.reason });
      throw keepingSignIn(error);
    } finally {
      this.#signingIn = null;
      this.publish();
    }
    return this.status();
  }

  /** Stops waiting for the browser (the sign-in then ends as cancelled). */
  cancelSignIn(): ConnectionStatus {
    this.#signingIn?.abort();
    return this.status();
  }

  /** Connects to the built-in local service for the sample visit (no account needed). */
  async useSample(): Promise<ConnectionStatus> {
    return this.#changing(async () => {
      this.#refuseDuringVisit();
      if (!this.#sample || !this.#signIn().methods.sample) throw new Failure('sample_unavailable');
      await this.#use(await this.#sample.connect(), 'sample', 'entered');
      return this.status();
    });
  }

  async check(): Promise<ConnectionStatus> {
    return this.#changing(async () => {
      if (this.#connection) this.#checks = this.#asMode(await this.#connection.checks());
      return this.status();
    });
  }

  /**
   * Signs out (a clinician's refresh token is revoked on the service, or it would stay valid for weeks),
   * then forgets the saved credentials. A failed or slow sign-out never keeps the person connected.
   * `why`: the person asked, or IT's policy no longer allows the connection.
   */
  async disconnect(why: SignOutWhy): Promise<ConnectionStatus> {
    return this.#changing(async () => {
      this.#refuseDuringVisit();
      const connection = this.#connection;
      const wasOrganization = this.#mode === 'organization';
      this.#connection = null;
      this.#mode = 'none';
      this.#checks = [];
      if (connection && wasOrganization) await signOutQuietly(connection);
      await connection?.close();
      if (wasOrganization) await this.#connector.forget();
      // The sign-out is reported as the clinician who signed out (listeners read identity() as it is told).
      this.#departing = connection?.identity?.() ?? null;
      if (connection) this.#reported.emit({ kind: 'signed_out', why });
      this.#departing = null;
      return this.status();
    });
  }

  status(): ConnectionStatus {
    const c = this.#connection;
    const failing = this.#checks.find((check) => check.status === 'fail');
    const summary: SummaryNote = failing
      ? { code: 'check_failed', params: { connected: c !== null } }
      : !c
        ? { code: 'not_connected', params: notConnectedParams(this.#signIn().methods) }
        : this.#mode === 'sample'
          ? { code: 'sample' }
          : { code: 'connected', params: { host: c.baseUrl.host, region: c.region } };
    return {
      mode: this.#mode,
      baseUrl: c ? c.baseUrl.origin : null,
      region: c ? c.region : null,
      caller: c ? c.caller : null,
      checks: this.#checks,
      summary,
      healthy: c !== null && !failing,
      methods: this.#signIn().methods,
      signingIn: this.#signingIn !== null,
    };
  }

  /** The sample's sign-in is the built-in sample service's, not the organization's credentials (issue 19). */
  #asMode(checks: Check[]): Check[] {
    return this.#mode === 'sample' ? asSampleChecks(checks) : checks;
  }

  #refuseDuringVisit(): void {
    if (this.#visitActive()) throw new Failure('visit_in_progress', { reason: 'connection_change' });
  }

  /** Runs a change; whatever its outcome, the listeners are told the status after it. */
  async #changing(change: () => Promise<ConnectionStatus>): Promise<ConnectionStatus> {
    try {
      return await change();
    } finally {
      this.publish();
    }
  }

  async #use(connection: Connection, mode: 'organization' | 'sample', how: SignInHow): Promise<void> {
    if (this.#connection && this.#connection !== connection)
      await this.#connection.close().catch(() => undefined);
    this.#connection = connection;
    this.#mode = mode;
    this.#checks = this.#asMode(
      await connection
        .checks()
        .catch((): Check[] => [{ id: 'checks', status: 'fail', reason: 'could_not_run' }]),
    );
    this.#reported.emit(signInEvent(connection, mode, this.#checks, how));
  }
}

/** What "not connected" offers: the organization's sign-in, and the sample visit only where IT allows it. */
function notConnectedParams(methods: SignInMethods): { organization: boolean; sample: boolean } {
  return { organization: methods.organization !== null, sample: methods.sample };
}
