/**
 * `xdotool` on the lane's X display and `paplay` into its virtual speaker, run for us by
 * test/windows/lane/x-driver.mjs on the Linux side (a Windows program under Wine cannot start a Linux one).
 */
import { createConnection } from 'node:net';
import { createInterface } from 'node:readline';

/** Runs xdotool with `args`; resolves its stdout, rejects on a non-zero exit. */
export function xdotool(...args: string[]): Promise<string> {
  return linux('xdotool', args);
}

/** Plays a WAV file (a Linux path) into the lane's PulseAudio virtual speaker, which feeds its virtual mic. */
export function paplay(...args: string[]): Promise<string> {
  return linux('paplay', args);
}

function linux(program: 'xdotool' | 'paplay', args: string[]): Promise<string> {
  const port = Number(process.env.WINDOWS_LANE_X_DRIVER);
  if (!port)
    return Promise.reject(new Error('WINDOWS_LANE_X_DRIVER is not set (run through test/windows/run.sh)'));
  return new Promise((resolve, reject) => {
    const socket = createConnection(port, '127.0.0.1');
    socket.on('error', reject);
    createInterface({ input: socket }).once('line', (line) => {
      socket.destroy();
      const reply = JSON.parse(line) as { code: number; stdout: string };
      if (reply.code === 0) resolve(reply.stdout);
      else reject(new Error(`${program} ${args[0]} exited with ${reply.code}`));
    });
    socket.write(`${JSON.stringify([program, ...args])}\n`);
  });
}
