/**
 * The shape every IPC channel map has (preload/contract defines the real one). The router and the event
 * emitter are written against this shape, so they neither depend on particular channels nor duplicate a
 * single schema: request, response and event types are all derived from the zod schemas.
 */
import type { z } from 'zod';
import type { IpcResult } from '../../../preload/contract/errors.ts';

/** One renderer → main request/response channel. */
interface ChannelSpec {
  readonly request: z.ZodType;
  readonly response: z.ZodType;
}

/** Channel name → its schemas. */
export type ChannelMap = { readonly [channel: string]: ChannelSpec };

/** Main → renderer push name → payload schema. */
export type EventMap = { readonly [event: string]: z.ZodType };

/** The request a handler receives: already parsed, so defaults and transforms are applied. */
export type RequestOf<C extends ChannelMap, K extends keyof C> = z.output<C[K]['request']>;

/** What a handler returns as data: the schema's input, because the router parses it on the way out. */
type ResponseOf<C extends ChannelMap, K extends keyof C> = z.input<C[K]['response']>;

/** What the router knows about the call, for handlers that need it (ids only). */
interface HandlerContext {
  readonly channel: string;
}

/**
 * One handler per channel. Expected failures are returned as values (`fail(code)`); anything thrown is
 * mapped by the router. A missing or extra key is a type error.
 */
export type ChannelHandlers<C extends ChannelMap> = {
  readonly [K in keyof C & string]: (
    request: RequestOf<C, K>,
    context: HandlerContext,
  ) => IpcResult<ResponseOf<C, K>> | Promise<IpcResult<ResponseOf<C, K>>>;
};
