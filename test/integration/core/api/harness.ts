import { exportPKCS8 } from 'jose';
import { HttpClient } from '../../../../main/core/api/transport/http.ts';
import { CoreClient } from '../../../../main/core/api/core-client.ts';
import { ServerTokenSource } from '../../../../main/core/api/auth/server-token-source.ts';
import { openAuthSession } from './auth-session.ts';
import { startLocalService, type LocalService } from '../../../service/index.ts';
import { makeClientFixtures, type ClientFixtures } from '../../../../main/programs/local-service/fixtures.ts';
import type { LocalServiceOptions } from '../../../../main/programs/local-service/options.ts';

/** A local service with two OAuth clients, and the real client pointed at it over loopback. */
export interface Harness {
  service: LocalService;
  fixtures: ClientFixtures;
  staticPem: string;
  jwksPem: string;
  http: HttpClient;
  server: ServerTokenSource;
  serverCore: CoreClient;
  /** Requests of a path (e.g. "/oauth/token") the service has seen. */
  count(path: string, method?: string): number;
  userCore(externalId: string): Promise<CoreClient>;
  close(): Promise<void>;
}

export async function startHarness(options: LocalServiceOptions = {}): Promise<Harness> {
  const fixtures = await makeClientFixtures();
  const service = await startLocalService({ clients: fixtures.clients, ...options });
  const staticPem = await exportPKCS8(fixtures.staticClient.privateKey);
  const jwksPem = await exportPKCS8(fixtures.jwksClient.privateKey);
  const http = new HttpClient({
    baseUrl: new URL(service.url),
    retry: { baseMs: 5, capMs: 20, maxRetries: 3 },
  });
  const server = new ServerTokenSource(http, { clientId: fixtures.staticClient.id, privateKey: staticPem });
  return {
    service,
    fixtures,
    staticPem,
    jwksPem,
    http,
    server,
    serverCore: new CoreClient(http, server),
    count: (path, method) =>
      service.control.requests.filter(
        (r) => r.path.includes(path) && (method === undefined || r.method === method),
      ).length,
    async userCore(externalId) {
      const session = await openAuthSession(http, {
        kind: 'server',
        credentials: { clientId: fixtures.staticClient.id, privateKey: staticPem },
        userExternalId: externalId,
      });
      return new CoreClient(http, session.active);
    },
    close: () => service.close(),
  };
}

/** A short visit transcript the local service can write a note from. */
export const TRANSCRIPT = [
  {
    text: 'Good morning, what brings you in today?',
    speaker_type: 'DOCTOR',
    start_offset_ms: 0,
    end_offset_ms: 2000,
  },
  {
    text: 'I have had headaches for two weeks and my blood pressure was high at the pharmacy.',
    speaker_type: 'PATIENT',
    start_offset_ms: 2000,
    end_offset_ms: 6000,
  },
  {
    text: 'Your blood pressure today is 150 over 95. I will start lisinopril 10 mg once daily.',
    speaker_type: 'DOCTOR',
    start_offset_ms: 6000,
    end_offset_ms: 11000,
  },
  {
    text: 'Let us check a basic metabolic panel and see you again in four weeks.',
    speaker_type: 'DOCTOR',
    start_offset_ms: 11000,
    end_offset_ms: 15000,
  },
];
