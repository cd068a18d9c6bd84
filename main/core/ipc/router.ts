/**
 * The IPC router: for every channel of a channel map it registers one `ipcMain.handle` listener that
 * (1) checks the sender frame, (2) parses the payload with the channel's zod schema, (3) calls the typed
 * handler, (4) parses the handler's data with the response schema (so only contracted fields cross), and
 * (5) turns anything thrown into the `{ok: false, error}` shape. It never throws across IPC: Electron would
 * only carry the message, and messages of unknown errors may hold anything.
 *
 * No electron import: the binding (`ipcMain`) and the sender rule are passed in from main/shells/electron/, so the
 * whole path runs under plain Node in tests with a fake ipcMain.
 */
import { IpcErrorSchema, type IpcError, type IpcResult } from '../../../preload/contract/errors.ts';
import type { ChannelHandlers, ChannelMap, RequestOf } from './channel-map.ts';
import { ipcError, toIpcError } from './error-mapping.ts';

/** The part of Electron's WebFrameMain the sender check reads. */
interface SenderFrameLike {
  readonly url: string;
  readonly parent: unknown;
}

/** The part of Electron's IpcMainInvokeEvent the router reads. */
export interface InvokeEventLike {
  readonly senderFrame: SenderFrameLike | null;
}

/** The part of Electron's ipcMain the router uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

/** Why a call failed, for logs: codes and names only, never payloads or messages. */
export interface IpcFailureReport {
  readonly channel: string;
  readonly reason:
    'untrusted_sender' | 'invalid_request' | 'invalid_response' | 'handler_threw' | 'handler_failed';
  readonly code: IpcError['code'];
  /** Class name of a thrown error (e.g. "ServerError"); never its message. */
  readonly errorName?: string;
  /** Zod issue paths of an invalid payload (field names, no values). */
  readonly issuePaths?: readonly string[];
}

export interface IpcRouterOptions<C extends ChannelMap> {
  readonly ipcMain: IpcMainLike;
  readonly channels: C;
  readonly handlers: ChannelHandlers<C>;
  /** The sender rule (main/core/window/security-policy.ts: our app origin, top frame only). */
  readonly isTrustedSender: (frame: SenderFrameLike) => boolean;
  /** Thrown error → IpcError; defaults to toIpcError (unknown → `internal`). */
  readonly mapError?: (error: unknown) => IpcError;
  /** Called once per failed call, for logging. */
  readonly onDidFail?: (report: IpcFailureReport) => void;
}

/** A registered router; dispose() removes every handler it added. */
export interface IpcRouter {
  readonly channels: readonly string[];
  dispose(): void;
}

/** Registers one handler per channel of `channels` on `ipcMain`. */
export function createIpcRouter<C extends ChannelMap>(options: IpcRouterOptions<C>): IpcRouter {
  const names = Object.keys(options.channels);
  for (const name of names) {
    options.ipcMain.handle(name, (event, ...args) =>
      dispatch(options, name, event, args).catch((error: unknown) => {
        // Last line of defence: nothing below should throw, but a bug must still not cross IPC.
        safeReport(options, {
          channel: name,
          reason: 'handler_threw',
          code: 'internal',
          errorName: nameOf(error),
        });
        return { ok: false, error: ipcError('internal') } satisfies IpcResult<unknown>;
      }),
    );
  }
  return {
    channels: names,
    dispose: () => {
      for (const name of names) options.ipcMain.removeHandler(name);
    },
  };
}

type Reported = Omit<IpcFailureReport, 'channel'>;

/** Handles one invocation. Resolves with a result; the caller catches what a bug might still throw. */
async function dispatch<C extends ChannelMap>(
  options: IpcRouterOptions<C>,
  channel: string,
  event: InvokeEventLike,
  args: unknown[],
): Promise<IpcResult<unknown>> {
  const failWith = (report: Reported, error: IpcError): IpcResult<unknown> => {
    safeReport(options, { channel, ...report });
    return { ok: false, error };
  };
  if (!senderIsTrusted(options, event)) {
    return failWith({ reason: 'untrusted_sender', code: 'permission_denied' }, ipcError('permission_denied'));
  }
  const spec = options.channels[channel];
  // The bridge sends exactly one argument; a missing one means "no input" ({}).
  const request = spec && args.length <= 1 ? spec.request.safeParse(args[0] ?? {}) : undefined;
  if (!spec || !request || !request.success) {
    const issuePaths = request && !request.success ? pathsOf(request.error) : undefined;
    return failWith(
      { reason: 'invalid_request', code: 'invalid_request', issuePaths },
      ipcError('invalid_request'),
    );
  }
  const outcome = await runHandler(options, channel, request.data);
  if ('report' in outcome) return failWith(outcome.report, outcome.error);
  const response = spec.response.safeParse(outcome.data);
  if (!response.success) {
    // A handler broke the contract: a bug. Say nothing about the data; log only where it went wrong.
    const report = {
      reason: 'invalid_response',
      code: 'internal',
      issuePaths: pathsOf(response.error),
    } as const;
    return failWith(report, ipcError('internal'));
  }
  return { ok: true, data: response.data };
}

/** Calls the handler; a failure comes back with what to report and the checked error value to send. */
async function runHandler<C extends ChannelMap>(
  options: IpcRouterOptions<C>,
  channel: string,
  request: unknown,
): Promise<{ data: unknown } | { report: Reported; error: IpcError }> {
  const handler = options.handlers[channel as keyof C & string];
  let result: IpcResult<unknown>;
  try {
    result = await handler(request as RequestOf<C, keyof C & string>, { channel });
  } catch (error) {
    const mapped = checkedError(mapSafely(options, error));
    return {
      report: { reason: 'handler_threw', code: mapped.code, errorName: nameOf(error) },
      error: mapped,
    };
  }
  if (!isResult(result))
    return { report: { reason: 'invalid_response', code: 'internal' }, error: ipcError('internal') };
  if (result.ok) return { data: result.data };
  const error = checkedError(result.error);
  return { report: { reason: 'handler_failed', code: error.code }, error };
}

/**
 * Only params the contract's closed lists allow cross: an error whose params fail the schema (a bug that
 * would let free text through) crosses with its code alone, and an unknown code as `internal`.
 */
function checkedError(error: IpcError): IpcError {
  const parsed = IpcErrorSchema.safeParse(error);
  if (parsed.success) return parsed.data as IpcError;
  const code = IpcErrorSchema.safeParse({ code: error.code, retryable: false }).success
    ? error.code
    : 'internal';
  return ipcError(code, error.retryable === true);
}

function pathsOf(error: { issues: readonly { path: readonly PropertyKey[] }[] }): string[] {
  return error.issues.map((i) => i.path.join('.'));
}

function senderIsTrusted<C extends ChannelMap>(
  options: IpcRouterOptions<C>,
  event: InvokeEventLike,
): boolean {
  try {
    // senderFrame is null once the frame navigated away or was destroyed: such a call has no trusted sender.
    const frame = event.senderFrame;
    return frame !== null && frame !== undefined && options.isTrustedSender(frame);
  } catch {
    return false;
  }
}

function mapSafely<C extends ChannelMap>(options: IpcRouterOptions<C>, error: unknown): IpcError {
  try {
    return (options.mapError ?? toIpcError)(error);
  } catch {
    return ipcError('internal');
  }
}

function safeReport<C extends ChannelMap>(options: IpcRouterOptions<C>, report: IpcFailureReport): void {
  try {
    options.onDidFail?.(report);
  } catch {
    // A failing logger must not turn into an exception across IPC.
  }
}

function isResult(value: unknown): value is IpcResult<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean';
}

function nameOf(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}
