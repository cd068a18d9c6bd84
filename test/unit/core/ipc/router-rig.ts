/**
 * The IPC router as its tests drive it: a small demo contract, a fake ipcMain that invokes handlers as
 * Electron would, the app's own frame, and a router built over them that records every failure it reports.
 */
import { vi } from 'vitest';
import { z } from 'zod';
import { isTrustedSenderFrame } from '../../../../main/core/window/security-policy.ts';
import type { ChannelHandlers } from '../../../../main/core/ipc/channel-map.ts';
import {
  createIpcRouter,
  type InvokeEventLike,
  type IpcFailureReport,
  type IpcMainLike,
} from '../../../../main/core/ipc/router.ts';
import { ok } from '../../../../preload/contract/index.ts';

/** A patient phrase that must reach no report and no answer. */
export const CANARY = 'Patient Jane Canary has chest pain';

/** Two demo channels: one with a default and a length limit, one that takes nothing. */
export const channels = {
  'demo:echo': {
    request: z.object({ text: z.string().max(50), loud: z.boolean().default(false) }),
    response: z.object({ text: z.string() }),
  },
  'demo:empty': { request: z.object({}).strict(), response: z.object({ n: z.number() }) },
};

/** A fake ipcMain that records handlers and invokes them as Electron would. */
export class FakeIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => unknown>();
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  invoke(channel: string, event: InvokeEventLike, ...args: unknown[]): Promise<unknown> {
    const listener = this.handlers.get(channel);
    if (!listener) throw new Error(`no handler for ${channel}`);
    return Promise.resolve(listener(event, ...args));
  }
}

/** The app's own window: a trusted sender. */
export const appFrame: InvokeEventLike = { senderFrame: { url: 'app://scribe/index.html', parent: null } };

/** A router over the demo channels; `overrides` replace its handlers. */
export function setup(overrides: Partial<ChannelHandlers<typeof channels>> = {}) {
  const ipcMain = new FakeIpcMain();
  const reports: IpcFailureReport[] = [];
  const echo = vi.fn((r: { text: string; loud: boolean }) =>
    ok({ text: r.loud ? r.text.toUpperCase() : r.text }),
  );
  const handlers: ChannelHandlers<typeof channels> = {
    'demo:echo': echo,
    'demo:empty': () => ok({ n: 1 }),
    ...overrides,
  };
  const router = createIpcRouter({
    ipcMain,
    channels,
    handlers,
    isTrustedSender: isTrustedSenderFrame,
    onDidFail: (r) => reports.push(r),
  });
  return { ipcMain, router, reports, echo };
}
