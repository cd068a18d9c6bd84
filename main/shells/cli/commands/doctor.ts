import { ApiError } from '../../../core/api/errors.ts';
import type { HttpClient } from '../../../core/api/transport/http.ts';
import { readPrivateKeyFile } from '../../../core/api/auth/session.ts';
import { ServerTokenSource } from '../../../core/api/auth/server-token-source.ts';
import { UserTokenSource } from '../../../core/api/auth/user-token-source.ts';
import { CoreClient } from '../../../core/api/core-client.ts';
import { runConnectionChecks } from '../../../core/api/connection-checks.ts';
import { authenticateUser, findOrCreateUser } from '../../../core/api/endpoints/users.ts';
import type { Config } from '../../../core/config/config-schema.ts';
import { httpFor, missingConnectionSettings } from '../connect.ts';
import { CliError, describeFailure, oneLine, out } from '../io.ts';
import {
  checkDetailText,
  checkLabel,
  languageName,
  templateName,
  words,
} from '../../../../preload/words/index.ts';

type Status = 'pass' | 'fail' | 'warn' | 'skipped';

/** The status column in the chosen locale, as wide as its longest word plus one (at least six). */
function statusWord(status: Status): string {
  const all = words().cli.doctor.status;
  const width = Math.max(6, ...Object.values(all).map((w) => w.length + 1));
  return all[status].padEnd(width);
}

/** One check's outcome, as printed. */
export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

/**
 * `scribe doctor`: checks the configuration and the private key, then runs the Connect screen's checks
 * (service address, sign-in with a server token, note service, and with `--mic` the microphone) and, when
 * a user is configured, provisions and authenticates it and reads its note settings. Stops after a
 * failure, because every later check depends on the earlier ones. A missing microphone is a warning, not a
 * failure. The microphone is opt-in because IT often runs doctor on machines without sound, where the audio
 * library writes its own errors to stderr, which would break "a one-line reason on stderr".
 */
export async function doctor(
  config: Config,
  print: (line: string) => void = out,
  listInputs?: () => Promise<readonly unknown[]>,
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const check = checker(results, print);
  const server = await checkCredentials(config, check);
  if (!server) return results;
  // The checks the Connect screen shows, with the same names and messages (main/core/api/connection-checks.ts).
  const given = new Map<string, string>();
  const shared = await runConnectionChecks({
    reasonGiven: (id, text) => given.set(id, text),
    baseUrl: server.http.baseUrl,
    auth: server.auth,
    http: server.http,
    ...(listInputs ? { listInputs } : {}),
    ...(config.noteLocale ? { noteLocale: config.noteLocale } : {}),
  });
  for (const c of shared) {
    const [name, detail] = [checkLabel(c.id), checkDetailText(c)];
    // The service's own words go only into the failure line on stderr, as before.
    const reason = given.has(c.id) ? ` ${words().cli.reasonGiven(given.get(c.id)!)}` : '';
    results.push({ name, ok: c.status !== 'fail', detail: `${detail}${reason}` });
    print(`${statusWord(c.status)}${words().cli.doctor.line(name, oneLine(detail))}`);
  }
  if (shared.some((c) => c.status === 'fail')) return results;
  if (config.userExternalId) await checkUser(config.userExternalId, server, check);
  return results;
}

type Check = (name: string, run: () => Promise<string>) => Promise<boolean>;

/** Runs one named check, records and prints its outcome; true when it passed. */
function checker(results: CheckResult[], print: (line: string) => void): Check {
  return async (name, run) => {
    try {
      const detail = await run();
      results.push({ name, ok: true, detail });
      print(`${statusWord('pass')}${words().cli.doctor.line(name, detail)}`);
      return true;
    } catch (error) {
      const detail = oneLine(describeFailure(error).line);
      results.push({ name, ok: false, detail });
      print(`${statusWord('fail')}${words().cli.doctor.line(name, detail)}`);
      return false;
    }
  };
}

/** The configuration and the private key; the server caller when both are fine. */
async function checkCredentials(
  config: Config,
  check: Check,
): Promise<{ http: HttpClient; auth: ServerTokenSource } | undefined> {
  const doctor = words().cli.doctor;
  let http: HttpClient | undefined;
  const configured = await check(doctor.checks.configuration, async () => {
    const missing = missingConnectionSettings(config);
    if (missing.length > 0) throw new CliError(doctor.missing(missing.join(', ')));
    http = httpFor(config);
    return doctor.configured(http.baseUrl.origin, http.apiVersion, Boolean(config.userExternalId));
  });
  if (!configured || !http) return undefined;
  const client = http;
  let auth: ServerTokenSource | undefined;
  await check(doctor.checks.privateKey, async () => {
    const privateKey = await readPrivateKeyFile(config.privateKeyFile!);
    auth = new ServerTokenSource(client, { clientId: config.clientId!, privateKey, keyId: config.keyId });
    return doctor.keyRead(config.keyId);
  });
  return auth ? { http: client, auth } : undefined;
}

/** Provisions and authenticates the configured user, then reads its note settings. */
async function checkUser(
  externalId: string,
  server: { http: HttpClient; auth: ServerTokenSource },
  check: Check,
): Promise<void> {
  const doctor = words().cli.doctor;
  const ctx = { http: server.http, auth: server.auth };
  let userId = '';
  const found = await check(doctor.checks.user, async () => {
    const user = await findOrCreateUser(ctx, externalId);
    userId = user.id;
    if (user.activated === false) throw new ApiError({ kind: 'deactivated' }, { status: 403 });
    return doctor.user(user.id);
  });
  if (!found) return;
  let userAuth: UserTokenSource | undefined;
  await check(doctor.checks.userSignIn, async () => {
    userAuth = new UserTokenSource(server.http, await authenticateUser(ctx, userId));
    return doctor.tokensMinted;
  });
  if (!userAuth) return;
  const userCore = new CoreClient(server.http, userAuth);
  await check(doctor.checks.noteSettings, async () => {
    const settings = await userCore.getNoteSettings();
    // Named in words, as the window names them (not TEMPLATE_KEY, FRENCH_FR: issue 31 item 4).
    const template = settings.note_template_key ? templateName(settings.note_template_key) : null;
    return doctor.noteSettings(template, settings.note_locale ? languageName(settings.note_locale) : null);
  });
}
