// Runs on Linux beside the Windows lane (started by test/windows/run.sh): Windows programs under Wine
// cannot start Linux ones, so the Windows tests ask this loopback server to run `xdotool` on the lane's
// display (XTest keys, X focus) or `paplay` into its PulseAudio virtual speaker for them. One JSON array
// (program, then its arguments; only these two programs) per line in, one JSON reply ({code, stdout}) per
// line out. Prints its port on stdout.
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

const server = createServer((socket) => {
  createInterface({ input: socket }).on('line', (line) => {
    const [program, ...args] = JSON.parse(line);
    if (program !== 'xdotool' && program !== 'paplay') {
      socket.write(`${JSON.stringify({ code: 127, stdout: '' })}\n`);
      return;
    }
    execFile(program, args, { timeout: 20_000 }, (error, stdout) => {
      socket.write(`${JSON.stringify({ code: error ? (error.code ?? 1) : 0, stdout })}\n`);
    });
  });
  socket.on('error', () => undefined);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
