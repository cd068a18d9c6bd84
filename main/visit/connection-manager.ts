/**
 * Which service the app talks to: none yet, an organization's, or the built-in sample service. Builds the
 * Connect screen's status from `scribe doctor`-style checks, saying plainly what is wrong.
 */
import type { Check, ConnectionStatus, Credentials } from '../../preload/contract/index.ts';
import { checkBaseUrl } from '../api/base-url.ts';
import type { Connection, Connector, SampleKit } from './ports.ts';
import { VisitFailure } from './visit-failure.ts';

/** The label the sample mode carries everywhere. */
export const SAMPLE_LABEL = 'Sample visit — synthetic speech, not for patient care';

/** Holds the current connection and its last checks. */
export class ConnectionManager {
  readonly #connector: Connector;
  readonly #sample: SampleKit | null;
  #connection: Connection | null = null;
  #mode: ConnectionStatus['mode'] = 'none';
  #checks: Check[] = [];

  constructor(connector: Connector, sample: SampleKit | null) {
    this.#connector = connector;
    this.#sample = sample;
  }

  get mode(): ConnectionStatus['mode'] {
    return this.#mode;
  }

  /** The connection, or a `not_connected` failure. */
  require(): Connection {
    if (!this.#connection) throw new VisitFailure('not_connected');
    return this.#connection;
  }

  get sampleKit(): SampleKit | null {
    return this.#sample;
  }

  /** Restores a saved organization connection at start-up (quietly: the Connect screen shows the result). */
  async restore(): Promise<ConnectionStatus> {
    try {
      const restored = await this.#connector.restore();
      if (restored) await this.#use(restored, 'organization');
    } catch (error) {
      // E.g. IT's key file is unreadable: say so on the Connect screen rather than look merely signed out.
      const detail =
        error instanceof VisitFailure && error.detail
          ? error.detail
          : 'The saved connection could not be opened. Connect again.';
      this.#checks = [{ id: 'saved-connection', label: 'Saved connection', status: 'fail', detail }];
    }
    return this.status();
  }

  async configure(baseUrl: string, credentials: Credentials): Promise<ConnectionStatus> {
    const check = checkBaseUrl(baseUrl);
    if (!check.ok) throw new VisitFailure('config_invalid', `The service address ${check.reason}.`);
    const connection = await this.#connector.connect(check.url.origin, credentials);
    await this.#use(connection, 'organization');
    return this.status();
  }

  /** Connects to the built-in local service for the sample visit (no account needed). */
  async useSample(): Promise<ConnectionStatus> {
    if (!this.#sample) throw new VisitFailure('sample_unavailable');
    await this.#use(await this.#sample.connect(), 'sample');
    return this.status();
  }

  async check(): Promise<ConnectionStatus> {
    if (this.#connection) this.#checks = await this.#connection.checks();
    return this.status();
  }

  async disconnect(): Promise<ConnectionStatus> {
    const wasOrganization = this.#mode === 'organization';
    await this.#connection?.close();
    this.#connection = null;
    this.#mode = 'none';
    this.#checks = [];
    if (wasOrganization) await this.#connector.forget();
    return this.status();
  }

  status(): ConnectionStatus {
    const c = this.#connection;
    const failing = this.#checks.find((check) => check.status === 'fail');
    const summary = !c
      ? failing
        ? `Not connected. ${failing.label}: ${failing.detail}`
        : 'Not connected. Enter your organization’s service address and credentials, or try the sample visit.'
      : failing
        ? `${failing.label}: ${failing.detail}`
        : this.#mode === 'sample'
          ? `${SAMPLE_LABEL}. Connected to the built-in local service.`
          : `Connected to ${c.baseUrl.host} (${c.region === 'local' ? 'local' : c.region.toUpperCase()}).`;
    return {
      mode: this.#mode,
      baseUrl: c ? c.baseUrl.origin : null,
      region: c ? c.region : null,
      caller: c ? c.caller : null,
      checks: this.#checks,
      summary,
      healthy: c !== null && !failing,
    };
  }

  async #use(connection: Connection, mode: 'organization' | 'sample'): Promise<void> {
    if (this.#connection && this.#connection !== connection)
      await this.#connection.close().catch(() => undefined);
    this.#connection = connection;
    this.#mode = mode;
    this.#checks = await connection
      .checks()
      .catch((): Check[] => [
        { id: 'checks', label: 'Checks', status: 'fail', detail: 'The checks could not run.' },
      ]);
  }
}
