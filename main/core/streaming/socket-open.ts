/**
 * Opening one socket of a session: token, URL, upgrade, CONFIG, then the SocketRun until the socket ends.
 * Upgrade failures become outcomes the session loop understands (401 → renew, other refusals → fatal or
 * retry, network errors → retry).
 */
import { isRetryable, StreamingError } from './streaming-error.ts';
import type { SessionOptions } from './session-types.ts';
import type { SocketOutcome, SocketRun } from './socket-run.ts';
import { openStreamSocket, streamingUrl, subprotocolFor, type StreamingEndpoint } from './ws-transport.ts';

/** What opening a socket needs from the session. */
export interface SocketOpening {
  readonly options: SessionOptions;
  readonly endpoint: StreamingEndpoint;
  /** The session was aborted while the upgrade was under way. */
  aborted(): boolean;
  /** The socket is open: per-socket state is set up; returns the run and the CONFIG frame. */
  begin(): { run: SocketRun; config: object };
  /** CONFIG went out. */
  configured(run: SocketRun): void;
}

type Opened = { outcome: SocketOutcome; token?: string };

/** Opens a socket and runs it; resolves with how it ended and the token it used. */
export async function openAndRun(opening: SocketOpening): Promise<Opened> {
  let token: string;
  try {
    token = await opening.options.tokens.token();
  } catch (error) {
    return { outcome: tokenUnavailable(error) };
  }
  try {
    return { outcome: await runSocket(opening, token), token };
  } catch (error) {
    return { outcome: socketFailed(error), token };
  }
}

/** Upgrade, CONFIG, then the run until the socket ends. */
async function runSocket(opening: SocketOpening, token: string): Promise<SocketOutcome> {
  const { options, endpoint } = opening;
  // The run exists before CONFIG goes out; nothing the service says before that is ours to handle.
  const current: { run?: SocketRun } = {};
  const socket = await openStreamSocket({
    url: streamingUrl(options.baseUrl, options.caller ?? options.tokens.caller, endpoint, options.apiVersion),
    token,
    subprotocol: subprotocolFor(endpoint),
    handshakeTimeoutMs: options.handshakeTimeoutMs,
    pingIntervalMs: options.pingIntervalMs ?? 15_000,
    onFrame: (text) => current.run?.onFrame(text),
    onClose: (closed) => current.run?.onClose(closed),
  });
  if (opening.aborted()) {
    socket.terminate();
    return { kind: 'aborted' };
  }
  const begun = opening.begin();
  const run = (current.run = begun.run);
  if (socket.send(begun.config)) {
    opening.configured(run);
    run.attach(socket);
  } else {
    run.drop(
      new StreamingError('connection_lost', 'The connection closed during setup.', { retryable: true }),
    );
  }
  return run.outcome;
}

/** No token: for want of a network it is the outage (retried), otherwise a refused sign-in. */
function tokenUnavailable(error: unknown): SocketOutcome {
  if (isRetryable(error)) {
    const failure = new StreamingError('connection_lost', 'The sign-in service could not be reached.', {
      retryable: true,
    });
    return { kind: 'drop', error: failure, progress: false };
  }
  const failure = new StreamingError('unauthorized', 'No sign-in is available for streaming.', {
    cause: error,
  });
  return { kind: 'fatal', error: failure };
}

/** The upgrade failed: a refusal that retrying cannot fix is fatal, anything else a drop. */
function socketFailed(error: unknown): SocketOutcome {
  const failure =
    error instanceof StreamingError
      ? error
      : new StreamingError('connection_lost', 'The streaming connection failed.', {
          retryable: true,
          cause: error,
        });
  if (failure.code === 'upgrade_refused' && !failure.retryable) return { kind: 'fatal', error: failure };
  return { kind: 'drop', error: failure, progress: false };
}
