/**
 * The organization's token broker: builds the verifier and the server-caller context from the settings,
 * then starts the HTTP server (main/broker/broker-server.ts). `scribe broker` runs it.
 */
import { readFile } from 'node:fs/promises';
import { HttpClient } from '../api/transport/http.ts';
import { ServerTokenSource } from '../api/auth/server-token-source.ts';
import { readPrivateKeyFile } from '../api/auth/session.ts';
import type { BrokerConfig } from './broker-config.ts';
import { IdpTokenVerifier } from './idp-token-verifier.ts';
import { startBroker, type BrokerLogRecord, type RunningBroker } from './broker-server.ts';

export { loadBrokerConfig, type BrokerConfig } from './broker-config.ts';
export type { BrokerLogRecord, RunningBroker } from './broker-server.ts';

/** Reads the organization's key and starts a broker with `config`. */
export async function runBroker(
  config: BrokerConfig,
  log: (record: BrokerLogRecord) => void,
): Promise<RunningBroker> {
  const privateKey = await readPrivateKeyFile(config.privateKeyFile);
  const http = new HttpClient({ baseUrl: new URL(config.serviceUrl), apiVersion: config.apiVersion });
  const auth = new ServerTokenSource(http, {
    clientId: config.clientId,
    privateKey,
    ...(config.keyId ? { keyId: config.keyId } : {}),
  });
  const verifier = new IdpTokenVerifier({
    issuer: config.issuer,
    audience: config.audience,
    clockToleranceSec: config.clockToleranceSec,
  });
  const tls =
    config.tlsCertFile && config.tlsKeyFile
      ? { cert: await readTlsFile(config.tlsCertFile), key: await readTlsFile(config.tlsKeyFile) }
      : undefined;
  return startBroker({ config, verifier, server: { http, auth }, log, ...(tls ? { tls } : {}) });
}

async function readTlsFile(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`A TLS file cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`, {
      cause: error,
    });
  }
}
