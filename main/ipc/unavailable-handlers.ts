/**
 * Handlers for a channel map whose services are not wired yet: every call answers `not_connected` as a
 * value. Lets the shell run (and the renderer show its Connect screen) before the services exist.
 */
import { fail } from '../../preload/contract/errors.ts';
import type { ChannelHandlers, ChannelMap } from './channel-map.ts';

/** One handler per channel, each answering `{ok: false, error: not_connected}`. */
export function unavailableHandlers<C extends ChannelMap>(channels: C): ChannelHandlers<C> {
  const handlers: Record<string, () => ReturnType<typeof fail>> = {};
  for (const name of Object.keys(channels)) handlers[name] = () => fail('not_connected');
  return handlers as unknown as ChannelHandlers<C>;
}
