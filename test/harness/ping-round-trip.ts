/**
 * A ping over a WebSocket, resolved by its own pong: the peer handles frames in order and pongs after every
 * frame it sent while handling what came before the ping, the positive signal for "nothing more came".
 */
import type { WebSocket } from 'ws';

/** Pings `ws` with `n` (a number not used before on it) and resolves once that ping's pong arrives. */
export function pingRoundTrip(ws: WebSocket, n: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const data = Buffer.from(String(n));
    const onPong = (echo: Buffer): void => {
      if (!echo.equals(data)) return;
      ws.off('pong', onPong);
      resolve();
    };
    ws.on('pong', onPong);
    ws.ping(data, undefined, (error) => error && reject(error));
  });
}
