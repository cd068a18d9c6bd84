/**
 * A system program by its absolute path, for the child processes the app starts on Linux and macOS. Never
 * looked up on PATH (nor, on Windows, in the current folder): both are chosen by whoever starts the app, so a
 * program found there could be anyone's, printing a fake policy or swallowing the audit trail (issue 32).
 * Only the folders an administrator alone may write are searched; /usr/local/bin is not one of them
 * (Homebrew makes it the user's on macOS).
 */
import { accessSync, constants } from 'node:fs';
import { posix } from 'node:path';

/** Where system programs live, in the order tried. */
const SYSTEM_PROGRAM_DIRS = ['/usr/bin', '/bin', '/usr/sbin', '/sbin'] as const;

/**
 * The absolute path of `name` in the first system folder that has it as an executable file; when none does,
 * the path it would have in the first (so starting it fails with ENOENT, as a missing program did before).
 */
export function systemProgram(name: string, dirs: readonly string[] = SYSTEM_PROGRAM_DIRS): string {
  for (const dir of dirs) {
    const path = posix.join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // Not here.
    }
  }
  return posix.join(dirs[0] ?? '/usr/bin', name);
}
