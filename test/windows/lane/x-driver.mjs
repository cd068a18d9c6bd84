// Runs on Linux beside the Windows lane (started by test/windows/run.sh): Windows programs under Wine
// cannot start Linux ones, so the Windows tests ask this loopback server to run `xdotool` on the lane's
// display (XTest keys, X focus) for them. One JSON array of xdotool arguments per line in, one JSON reply
// ({code, stdout}) per line out. Prints its port on stdout.
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

const server = createServer((socket) => {
  createInterface({ input: socket }).on('line', (line) => {
    const args = JSON.parse(line);
    execFile('xdotool', args, { timeout: 10_000 }, (error, stdout) => {
      socket.write(`${JSON.stringify({ code: error ? (error.code ?? 1) : 0, stdout })}\n`);
    });
  });
  socket.on('error', () => undefined);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
