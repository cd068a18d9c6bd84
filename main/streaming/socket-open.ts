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

/** Opens a socket and runs it; resolves with how it ended and the token it used. */
export async function openAndRun(
  opening: SocketOpening,
): Promise<{ outcome: SocketOutcome; token?: string }> {
  const { options, endpoint } = opening;
  let token: string;
  try {
    token = await options.tokens.token();
  } catch (error) {
    // A token that could not be fetched for want of a network is the outage, not a refused sign-in.
    if (isRetryable(error)) {
      const failure = new StreamingError('connection_lost', 'The sign-in service could not be reached.', {
        retryable: true,
      });
      return { outcome: { kind: 'drop', error: failure, progress: false } };
    }
    const failure = new StreamingError('unauthorized', 'No sign-in is available for streaming.', {
      cause: error,
    });
    return { outcome: { kind: 'fatal', error: failure } };
  }
  let run: SocketRun | undefined;
  try {
    const socket = await openStreamSocket({
      url: streamingUrl(
        options.baseUrl,
        options.caller ?? options.tokens.caller,
        endpoint,
        options.apiVersion,
      ),
      token,
      subprotocol: subprotocolFor(endpoint),
      handshakeTimeoutMs: options.handshakeTimeoutMs,
      pingIntervalMs: options.pingIntervalMs ?? 15_000,
      onFrame: (text) => run?.onFrame(text),
      onClose: (closed) => run?.onClose(closed),
    });
    if (opening.aborted()) {
      socket.terminate();
      return { outcome: { kind: 'aborted' } };
    }
    const begun = opening.begin();
    run = begun.run;
    if (socket.send(begun.config)) {
      opening.configured(run);
      run.attach(socket);
    } else {
      run.drop(
        new StreamingError('connection_lost', 'The connection closed during setup.', { retryable: true }),
      );
    }
    return { outcome: await run.outcome, token };
  } catch (error) {
    const failure =
      error instanceof StreamingError
        ? error
        : new StreamingError('connection_lost', 'The streaming connection failed.', {
            retryable: true,
            cause: error,
          });
    if (failure.code === 'upgrade_refused' && !failure.retryable) {
      return { outcome: { kind: 'fatal', error: failure }, token };
    }
    return { outcome: { kind: 'drop', error: failure, progress: false }, token };
  }
}
