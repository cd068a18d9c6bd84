/**
 * A real syslog receiver for tests: rsyslogd (installed by test/run.sh) in the foreground with its own
 * configuration, listening on loopback (UDP, TCP with octet counting, and TLS per RFC 5425 through its OpenSSL
 * driver when asked) and on a log socket of its own (what `logger` writes to, as the system's /dev/log),
 * writing every message as received to one file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../harness/free-port.ts';

/** A running rsyslogd. */
export interface SyslogReceiver {
  readonly udpPort: number;
  readonly tcpPort: number;
  /** One port for each TLS listener asked for, in the order asked. */
  readonly tlsPorts: readonly number[];
  /** The log socket, for `logger --socket`. */
  readonly socket: string;
  /** The file rsyslogd writes each message to (the raw message, one a line). */
  readonly file: string;
  collected(): Promise<string>;
  close(): Promise<void>;
}

/** Whether rsyslogd can be started here. */
export const HAVE_RSYSLOG = await new Promise<boolean>((resolve) =>
  spawn('rsyslogd', ['-v'], { stdio: 'ignore' })
    .on('error', () => resolve(false))
    .on('exit', (code) => resolve(code === 0)),
);

/** Whether rsyslog's OpenSSL stream driver (Debian's rsyslog-openssl) is installed. */
export const HAVE_RSYSLOG_TLS =
  HAVE_RSYSLOG &&
  ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib'].some((lib) =>
    existsSync(join(lib, 'rsyslog', 'lmnsd_ossl.so')),
  );

/** A TLS listener: the server's certificate and key (PEM files). Clients are not asked for one. */
export interface TlsListener {
  readonly certFile: string;
  readonly keyFile: string;
}

/** An imtcp input speaking TLS (RFC 5425) with its own certificate. */
function tlsInput(port: number, { certFile, keyFile }: TlsListener): string {
  return (
    `input(type="imtcp" address="127.0.0.1" port="${port}" streamDriver.name="ossl" streamDriver.mode="1" ` +
    `streamDriver.authMode="anon" streamDriver.certFile="${certFile}" streamDriver.keyFile="${keyFile}")`
  );
}

/** Starts rsyslogd; resolves once it listens on every port and the socket. */
export async function startSyslogReceiver(
  options: { tls?: readonly TlsListener[] } = {},
): Promise<SyslogReceiver> {
  const dir = await mkdtemp(join(tmpdir(), 'scribe-syslog-'));
  const [udpPort, tcpPort] = [await freePort(), await freePort()];
  const tlsPorts: number[] = [];
  for (const _ of options.tls ?? []) tlsPorts.push(await freePort());
  const file = join(dir, 'collected.log');
  const socket = join(dir, 'log.sock');
  const conf = join(dir, 'rsyslog.conf');
  await writeFile(
    conf,
    `global(workDirectory="${dir}")
module(load="imuxsock" SysSock.Use="off")
module(load="imudp")
module(load="imtcp")
input(type="imuxsock" Socket="${socket}" CreatePath="on")
input(type="imudp" address="127.0.0.1" port="${udpPort}")
input(type="imtcp" address="127.0.0.1" port="${tcpPort}")
${(options.tls ?? []).map((listener, i) => tlsInput(tlsPorts[i]!, listener)).join('\n')}
template(name="raw" type="string" string="%rawmsg%\\n")
*.* action(type="omfile" file="${file}" template="raw" flushOnTXEnd="on" asyncWriting="off")
`,
  );
  await writeFile(file, '');
  const child: ChildProcess = spawn('rsyslogd', ['-n', '-f', conf, '-i', join(dir, 'rsyslogd.pid')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  for (const port of [tcpPort, ...tlsPorts]) await waitListening(port);
  return {
    udpPort,
    tcpPort,
    tlsPorts,
    socket,
    file,
    collected: () => readFile(file, 'utf8'),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Waits until the TCP port accepts a connection (rsyslogd has read its configuration by then). */
async function waitListening(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const ok = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(true));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('rsyslogd did not start listening');
}

/** A morning's records, as the app writes them, for a test to forward and find at the collector. */
export const EVENTS = [
  { kind: 'signed_in', mode: 'organization', caller: 'user', region: 'local', how: 'entered' },
  { kind: 'visit_started', sample: false, streams: 1 },
  { kind: 'visit_ended', how: 'window' },
  { kind: 'note_generated', mode: 'sync', withContext: false },
] as const;
