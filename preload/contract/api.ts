/**
 * The shape of the API the preload puts on `window.scribe`: one named function per channel and one
 * `on…` subscription per event, derived from the maps so that preload, browser-shell bridge and renderer agree.
 */
import type { ChannelName, RequestOf, ResponseOf } from './channels.ts';
import type { IpcResult } from './errors.ts';
import type { EventName, EventPayload } from './events.ts';

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
