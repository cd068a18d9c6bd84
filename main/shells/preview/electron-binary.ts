/** Where Electron's binary is, found as the electron package finds it (without importing electron). */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The installed Electron binary, or null when its download never happened (or failed). */
export function electronBinary(
  resolve: (id: string) => string = createRequire(import.meta.url).resolve,
): string | null {
  try {
    const dir = dirname(resolve('electron/package.json'));
    const relative = readFileSync(join(dir, 'path.txt'), 'utf8').trim();
    const binary = join(dir, 'dist', relative);
    return relative && existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}
