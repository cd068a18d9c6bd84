/**
 * Syslog to IT's collector, as the policy names it (`auditSyslog`): `udp://host:514` (RFC 5426, one
 * datagram per message), `tcp://host:601` (RFC 6587 octet counting) or `tls://host:6514` (RFC 5425, the
 * server's certificate checked against the system's CAs, or the PEM file `auditSyslogCaFile`). Messages
 * are queued while a stream connects and sent in order; a connection that fails is opened again for the
 * next message, and a queue that grows past a bound drops its oldest (the collector then shows a gap in
 * `seq`, and the trail on disk still has every record). Never throws into the audit trail.
 */
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { hostname } from 'node:os';
import { connect as connectTls } from 'node:tls';
import { syslogMessage, type AuditForwarder } from './audit-forwarding.ts';
import type { SyslogTarget } from '../../core/config/syslog-target.ts';

/** Sends messages to one collector. */
interface SyslogTransport {
  send(message: string): void;
  /** Waits (at most `waitMs`) for the queue to be sent, then closes. */
  close(waitMs?: number): Promise<void>;
}

const MAX_QUEUED = 1000;

/** A transport to `target`; `ca` (PEM) replaces the system's CAs for TLS. */
function syslogTransport(
  target: SyslogTarget,
  options: { ca?: string; onDidFail?: (code: string) => void } = {},
): SyslogTransport {
  return target.protocol === 'udp' ? udpTransport(target, options) : streamTransport(target, options);
}

function udpTransport(target: SyslogTarget, options: { onDidFail?: (code: string) => void }) {
  let socket: UdpSocket | undefined;
  let pending = 0;
  let drained: (() => void) | undefined;
  return {
    send(message: string) {
      socket ??= createSocket(target.host.includes(':') ? 'udp6' : 'udp4').on('error', () => undefined);
      pending += 1;
      socket.send(Buffer.from(message, 'utf8'), target.port, target.host, (error) => {
        if (error) options.onDidFail?.('syslog_send_failed');
        pending -= 1;
        if (pending === 0) drained?.();
      });
    },
    async close(waitMs = 2000) {
      if (pending > 0) await settle((resolve) => (drained = resolve), waitMs);
      socket?.close();
      socket = undefined;
    },
  };
}

function streamTransport(
  target: SyslogTarget,
  options: { ca?: string; onDidFail?: (code: string) => void },
): SyslogTransport {
  const queue: Buffer[] = [];
  let socket: Socket | undefined;
  let connected = false;
  let drained: (() => void) | undefined;
  const flush = () => {
    while (connected && socket && queue.length > 0) socket.write(queue.shift()!);
    if (queue.length === 0) drained?.();
  };
  const open = () => {
    const next = connectTo(target, options.ca, () => {
      connected = true;
      flush();
    });
    next.on('error', (error: NodeJS.ErrnoException) => options.onDidFail?.(failureCode(error)));
    next.on('close', () => {
      if (socket === next) [socket, connected] = [undefined, false];
    });
    socket = next;
  };
  return {
    send(message: string) {
      const bytes = Buffer.from(message, 'utf8');
      // RFC 6587 octet counting: "<length> <message>", the length in bytes.
      queue.push(Buffer.concat([Buffer.from(`${bytes.length} `), bytes]));
      if (queue.length > MAX_QUEUED) queue.shift();
      if (!socket) open();
      flush();
    },
    async close(waitMs = 2000) {
      if (queue.length > 0 && socket) await settle((resolve) => (drained = resolve), waitMs);
      const closing = socket;
      socket = undefined;
      if (closing) await settle((resolve) => closing.end(resolve), waitMs);
      closing?.destroy();
    },
  };
}

/**
 * A stream to the collector: TLS (the server's certificate checked against `ca` or the system's, and its
 * name against `host`; nothing is written before that check passes: `onConnect` is TLS's secureConnect),
 * or TCP. SNI carries a host name only (RFC 6066 allows no address there).
 */
function connectTo(target: SyslogTarget, ca: string | undefined, onConnect: () => void): Socket {
  const { host, port } = target;
  const socket =
    target.protocol === 'tls'
      ? connectTls(
          { host, port, ...(isIP(host) ? {} : { servername: host }), ...(ca ? { ca } : {}) },
          onConnect,
        )
      : connectTcp({ host, port }, onConnect);
  return socket.setKeepAlive(true);
}

/** OpenSSL's and Node's codes for a certificate that is not trusted, expired or for another name. */
const CERTIFICATE_ERROR = /CERT|SELF_SIGNED|UNABLE_TO_(GET_ISSUER|VERIFY)/;

/** The code IT sees for a failed stream: a collector whose certificate was refused, or one not reached. */
function failureCode(error: NodeJS.ErrnoException): string {
  return CERTIFICATE_ERROR.test(error.code ?? '') ? 'syslog_certificate_refused' : 'syslog_unreachable';
}

/** Waits for `start`'s callback or `ms`, whichever is first. */
function settle(start: (resolve: () => void) => void, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    start(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Forwards each record to IT's collector as an RFC 5424 message (audit-forwarding.ts). */
export function syslogForwarder(
  target: SyslogTarget,
  options: { ca?: string; onDidFail?: (code: string) => void } = {},
): AuditForwarder {
  const transport = syslogTransport(target, options);
  const origin = { hostname: hostname(), pid: process.pid };
  return {
    forward: (record, line) => transport.send(syslogMessage(record, line, origin)),
    close: () => transport.close(),
  };
}
