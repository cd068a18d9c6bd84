/**
 * The shape of the API the preload puts on `window.scribe`: one named function per channel and one
 * `on…` subscription per event, derived from the maps so that preload, test bridge and renderer agree.
 */
import type { z } from 'zod';
import {
  channels,
  type ChannelName,
  type ParsedRequestOf,
  type RequestOf,
  type ResponseOf,
} from './channels.ts';
import { fail, ipcResultSchema, type IpcResult } from './errors.ts';
import { events, type EventName, type EventPayload } from './events.ts';

/** The global the preload exposes (`contextBridge.exposeInMainWorld(API_GLOBAL, api)`). */
export const API_GLOBAL = 'scribe';

/** 'note:editSection' → 'noteEditSection'. */
export type MethodName<C extends string> = C extends `${infer A}:${infer B}` ? `${A}${Capitalize<B>}` : never;
/** 'visit:state' → 'onVisitState'. */
export type SubscriptionName<E extends string> = `on${Capitalize<MethodName<E>>}`;

/** Channels whose request has no required field may be called without an argument. */
type RequestArgs<C extends ChannelName> =
  Record<never, never> extends RequestOf<C> ? [request?: RequestOf<C>] : [request: RequestOf<C>];

/** What the renderer sees on `window.scribe`. */
export type ScribeApi = {
  readonly [C in ChannelName as MethodName<C>]: (
    ...args: RequestArgs<C>
  ) => Promise<IpcResult<ResponseOf<C>>>;
} & {
  readonly [E in EventName as SubscriptionName<E>]: (
    listener: (payload: EventPayload<E>) => void,
  ) => () => void;
};

/** The function name the preload exposes for a channel. */
export function methodName<C extends ChannelName>(channel: C): MethodName<C> {
  const [domain = '', action = ''] = channel.split(':');
  return `${domain}${action.charAt(0).toUpperCase()}${action.slice(1)}` as MethodName<C>;
}

/** The subscription name the preload exposes for an event. */
export function subscriptionName<E extends EventName>(event: E): SubscriptionName<E> {
  const method = methodName(event as unknown as ChannelName);
  return `on${method.charAt(0).toUpperCase()}${method.slice(1)}` as SubscriptionName<E>;
}

/** Parses a request as the router must; a failure becomes `invalid_request` (no content echoed back). */
export function parseRequest<C extends ChannelName>(
  channel: C,
  raw: unknown,
): { ok: true; data: ParsedRequestOf<C> } | { ok: false; result: IpcResult<never> } {
  const parsed = (channels[channel].request as z.ZodType).safeParse(raw ?? {});
  if (parsed.success) return { ok: true, data: parsed.data as ParsedRequestOf<C> };
  const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(request)');
  return {
    ok: false,
    result: fail('invalid_request', {
      detail: `The request was not valid (${[...new Set(fields)].join(', ')}).`,
    }),
  };
}

/** Parses an answer (on either side); a malformed answer is a bug and becomes `internal`. */
export function parseResponse<C extends ChannelName>(channel: C, raw: unknown): IpcResult<ResponseOf<C>> {
  const parsed = ipcResultSchema(channels[channel].response).safeParse(raw);
  return parsed.success ? (parsed.data as IpcResult<ResponseOf<C>>) : fail('internal');
}

/** Parses an event payload; returns undefined for a malformed one (dropped, never shown). */
export function parseEvent<E extends EventName>(event: E, raw: unknown): EventPayload<E> | undefined {
  const parsed = (events[event] as z.ZodType).safeParse(raw);
  return parsed.success ? (parsed.data as EventPayload<E>) : undefined;
}
