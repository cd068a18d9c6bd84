/**
 * The app's audit hooks, in one place: the IPC handlers are wrapped so that each successful call of an
 * audited channel writes its event. Only enums, counts, ids and key names are taken from the request or
 * the answer (the event schema refuses anything else). Channels are the renderer contract's names, which
 * stay put when the services behind them move.
 */
import type { channels, ConnectionStatus, VisitState } from '../../../preload/contract/index.ts';
import type { ChannelHandlers, RequestOf, ResponseOf } from '../../core/ipc/channel-map.ts';
import type { AuditEvent } from './audit-events.ts';
import type { AuditLog } from './audit-log.ts';

type Channels = typeof channels;
type Name = keyof Channels & string;
/** What a hook may read besides the request and the answer: the state main owns after the command. */
export interface AuditSources {
  /** The connection's status now (connect commands answer only accepted). */
  readonly connectionStatus: () => ConnectionStatus;
  /** The visit's state now (visit commands answer only accepted). */
  readonly visitState: () => VisitState;
}
type Hook<K extends Name> = (
  request: RequestOf<Channels, K>,
  data: ResponseOf<Channels, K>,
  sources: AuditSources,
) => AuditEvent | null;

/** The checks whose failure means the service did not accept the sign-in (not a warning about the microphone). */
const SIGN_IN_CHECKS: ReadonlySet<string> = new Set(['address', 'sign-in']);

const signedIn =
  (how: 'entered' | 'restored') =>
  (status: ConnectionStatus): AuditEvent | null => {
    if (status.mode === 'none') return null;
    const refused = status.checks.find((c) => SIGN_IN_CHECKS.has(c.id) && c.status === 'fail');
    if (refused)
      return { kind: 'sign_in_refused', mode: status.mode, check: refused.id as 'address' | 'sign-in', how };
    return { kind: 'signed_in', mode: status.mode, caller: status.caller, region: status.region, how };
  };

/** Audited channels and the event each success writes. */
const HOOKS: { [K in Name]?: Hook<K> } = {
  'connect:configure': (_, __, now) => signedIn('entered')(now.connectionStatus()),
  'connect:sample': (_, __, now) => signedIn('entered')(now.connectionStatus()),
  'connect:disconnect': () => ({ kind: 'signed_out' }),
  'visit:arm': () => ({ kind: 'consent_acknowledged' }),
  'visit:start': (r, _, now) => ({
    kind: 'visit_started',
    sample: now.visitState().sample,
    streams: r.speakers.mode === 'dual' ? 2 : 1,
  }),
  'visit:pause': () => ({ kind: 'visit_paused' }),
  'visit:resume': () => ({ kind: 'visit_resumed' }),
  'visit:end': () => ({ kind: 'visit_ended' }),
  'visit:discard': () => ({ kind: 'visit_discarded' }),
  'visit:recover': (r) => ({ kind: 'journal_recovered', journal: r.id }),
  'visit:forgetRecoverable': (r) => ({ kind: 'journal_discarded', journal: r.id }),
  'note:generate': (r) => ({ kind: 'note_generated', mode: r.mode, withContext: Boolean(r.extraContext) }),
  'copy:note': (r) => ({ kind: 'note_copied', section: r.sectionKey }),
  'copy:instructions': () => ({ kind: 'instructions_copied' }),
  'instructions:translate': (r) => ({ kind: 'instructions_translated', from: r.fromLocale, to: r.toLocale }),
};

/** The same handlers, each audited channel recording its event after a success. */
export function auditedHandlers(
  handlers: ChannelHandlers<Channels>,
  audit: AuditLog,
  sources: AuditSources,
): ChannelHandlers<Channels> {
  const wrapped: Record<string, unknown> = { ...handlers };
  for (const [name, hook] of Object.entries(HOOKS) as Array<[Name, Hook<Name>]>) {
    const handler = handlers[name] as (r: unknown, c: unknown) => unknown;
    wrapped[name] = async (request: unknown, context: unknown) => {
      const result = (await handler(request, context)) as { ok: boolean; data?: unknown };
      if (result.ok) {
        const event = hook(request as never, result.data as never, sources);
        if (event) await audit.record(event);
      }
      return result;
    };
  }
  return wrapped as ChannelHandlers<Channels>;
}

/** The event for a connection restored at start-up (saved or managed credentials), if any. */
export const restoredSignIn = signedIn('restored');

/** The event for the managed policy in force (its key names only), if it sets any key. */
export function policyApplied(resolved: {
  sources?: Readonly<Record<string, { layer: string }>>;
}): AuditEvent | null {
  const keys = Object.entries(resolved.sources ?? {})
    .filter(([, source]) => source.layer === 'policy')
    .map(([key]) => key);
  return keys.length > 0 ? { kind: 'policy_applied', keys } : null;
}
