/**
 * A second Windows process for the file tests. Reads commands on stdin, answers one line each on stdout:
 * - `lock <path>`: takes the process lock (ProcessLock.acquire, as a journal's owner does) → held|refused
 * - `release`: lets go of it → released
 * - `hold <path>`: opens the file the way many Windows programs do (antivirus, backup, an editor): read
 *   access, sharing read only, so nobody may delete or rename over it → holding|failed <code>
 * - `unhold`: closes it → unheld
 */
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import type * as Koffi from 'koffi';
import { ProcessLock } from '../../../main/base/files/process-lock.ts';

const require = createRequire(import.meta.url);
const koffi = require('koffi') as typeof Koffi;
const kernel32 = koffi.load('kernel32.dll');
const CreateFileW = kernel32.func(
  'intptr_t CreateFileW(str16 name, uint32 access, uint32 share, intptr_t sa, uint32 disposition, uint32 flags, intptr_t template)',
);
const CloseHandle = kernel32.func('int CloseHandle(intptr_t h)');
const GetLastError = kernel32.func('uint32 GetLastError()');
const GENERIC_READ = 0x80000000;
const FILE_SHARE_READ = 0x1;
const OPEN_EXISTING = 3;
const INVALID_HANDLE = -1;

let lock: ProcessLock | undefined;
let held: number | undefined;

async function handle(command: string, path: string): Promise<string> {
  switch (command) {
    case 'lock':
      lock = await ProcessLock.acquire(path);
      return lock ? 'held' : 'refused';
    case 'release':
      await lock?.release();
      lock = undefined;
      return 'released';
    case 'hold': {
      const h = CreateFileW(path, GENERIC_READ, FILE_SHARE_READ, 0, OPEN_EXISTING, 0, 0) as number;
      if (h === INVALID_HANDLE || h === 0) return `failed ${GetLastError() as number}`;
      held = h;
      return 'holding';
    }
    case 'unhold':
      if (held !== undefined) CloseHandle(held);
      held = undefined;
      return 'unheld';
    default:
      return `unknown ${command}`;
  }
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const space = line.indexOf(' ');
  const [command, path] = space === -1 ? [line, ''] : [line.slice(0, space), line.slice(space + 1)];
  void handle(command, path).then((said) => process.stdout.write(`${said}\n`));
});
process.stdout.write('ready\n');
