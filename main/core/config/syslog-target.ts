/**
 * The audit trail's syslog collector as the policy names it (`auditSyslog`): `udp://`, `tcp://` or
 * `tls://` host[:port], with the standard ports (RFC 5426, 6587, 5425) when none is given. The trail's
 * forwarder (main/features/audit/syslog-transport.ts) sends to it.
 */

/** A parsed collector address. */
export interface SyslogTarget {
  readonly protocol: 'udp' | 'tcp' | 'tls';
  readonly host: string;
  readonly port: number;
}

const DEFAULT_PORTS = { udp: 514, tcp: 601, tls: 6514 } as const;

/** `udp://`, `tcp://` or `tls://` host[:port], or why not. */
export function parseSyslogTarget(raw: string): { ok: true; target: SyslogTarget } | { ok: false } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false };
  }
  const protocol = url.protocol.slice(0, -1);
  if (protocol !== 'udp' && protocol !== 'tcp' && protocol !== 'tls') return { ok: false };
  if (!url.hostname || (url.pathname !== '' && url.pathname !== '/') || url.search || url.username)
    return { ok: false };
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return { ok: true, target: { protocol, host, port: Number(url.port) || DEFAULT_PORTS[protocol] } };
}
