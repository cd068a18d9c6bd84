/**
 * `scribe appointments [--date YYYY-MM-DD] [--json]`: a clinician's appointments of a day (local time), for
 * IT checks in development — with the organization's server credentials (the service's Server API takes the
 * server access token) and `--user` naming the clinician, whose practitioner is found by that external id.
 * One line per appointment: time, status, mode, patient name. A clinician signed in through the broker sees
 * the same list there (the broker's `/v1/appointments`).
 */
import { ServerTokenSource } from '../../../core/api/auth/server-token-source.ts';
import type { CoreContext } from '../../../core/api/endpoints/context.ts';
import { findProviderId, searchAppointments } from '../../../core/api/server-api/endpoints.ts';
import type { Appointment } from '../../../core/api/server-api/schemas.ts';
import { HttpClient } from '../../../core/api/transport/http.ts';
import { PROTOCOL } from '../../../core/api/protocol.ts';
import { parseArgs } from 'node:util';
import {
  CONNECTION_FLAGS,
  cliConfig,
  httpFor,
  missingConnectionSettings,
  readPrivateKeyPem,
} from '../connect.ts';
import { CliError, EXIT, out, usageError } from '../io.ts';
import type { CliCommand } from './registry.ts';
import { words } from '../../../../preload/words/index.ts';

/** The local day `date` (YYYY-MM-DD; today when absent) as a [from, to) window. */
function localDay(date: string | undefined, now = new Date()): { from: Date; to: Date } {
  if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date))
    throw new CliError(words().cli.appointments.dateShape, EXIT.usage);
  const from = date ? new Date(`${date}T00:00:00`) : new Date(now);
  if (Number.isNaN(from.getTime())) throw new CliError(words().cli.appointments.notADate, EXIT.usage);
  from.setHours(0, 0, 0, 0);
  const to = new Date(from);
  to.setDate(to.getDate() + 1);
  return { from, to };
}

/** One appointment as a line: `09:00  SCHEDULED  IN_PERSON  Ada Moreau  <id>`. */
function appointmentLine(a: Appointment): string {
  const start = new Date(a.start_at);
  const time = Number.isNaN(start.getTime())
    ? '--:--'
    : `${String(start.getHours()).padStart(2, '0')}:${String(start.getMinutes()).padStart(2, '0')}`;
  const name = [a.patient?.first_name, a.patient?.last_name].filter(Boolean).join(' ') || '-';
  return [time, a.status, a.mode ?? '-', name, a.id].join('  ');
}

function parseFlags(args: string[]) {
  try {
    const options = { ...CONNECTION_FLAGS, date: { type: 'string' }, json: { type: 'boolean' } } as const;
    return parseArgs({ args, options, strict: true, allowPositionals: false });
  } catch (error) {
    throw usageError(error);
  }
}

/** The Server API with the organization's server credentials, as the clinician `--user` names. */
export async function clinicianServerApi(
  command: string,
  values: Parameters<typeof cliConfig>[0],
): Promise<{ ctx: CoreContext; clinician: string }> {
  const config = await cliConfig(values);
  const missing = missingConnectionSettings(config);
  if (missing.length > 0)
    throw new CliError(words().cli.missingConfiguration(missing.join(', ')), EXIT.usage);
  if (!config.userExternalId) throw new CliError(words().cli.appointments.needsUser(command), EXIT.usage);
  const core = httpFor(config);
  const http = new HttpClient({ baseUrl: core.baseUrl, apiVersion: PROTOCOL.serverApiVersion });
  const privateKey = await readPrivateKeyPem(config.privateKeyFile!);
  const auth = new ServerTokenSource(core, {
    clientId: config.clientId!,
    privateKey,
    ...(config.keyId ? { keyId: config.keyId } : {}),
  });
  return { ctx: { http, auth }, clinician: config.userExternalId };
}

async function appointments(args: string[]): Promise<number> {
  const { values } = parseFlags(args);
  const window = localDay(values.date);
  const { ctx, clinician } = await clinicianServerApi('appointments', values);
  const providerId = await findProviderId(ctx, clinician);
  if (!providerId) throw new CliError(words().cli.appointments.noPractitioner, EXIT.failure);
  const list = await searchAppointments(ctx, { providerId, ...window });
  if (values.json) out(JSON.stringify(list));
  else for (const a of list) out(appointmentLine(a));
  return 0;
}

/** The `appointments` command. */
export const appointmentsCommand: CliCommand = {
  name: 'appointments',
  synopsis: 'appointments [--date YYYY-MM-DD] [--json]',
  run: (args) => appointments(args),
};
