/**
 * The clipboard for the browser preview under plain Node: the desktop's own command-line tool (wl-copy,
 * xclip or xsel on Linux, pbcopy on macOS, clip on Windows). None of them can ask clipboard history to
 * skip the text, so writes are reported as not transient.
 */
import { spawn } from 'node:child_process';
import type { ClipboardPort } from '../../features/note/ports.ts';

const TOOLS: Record<string, readonly (readonly string[])[]> = {
  linux: [['wl-copy'], ['xclip', '-selection', 'clipboard'], ['xsel', '--clipboard', '--input']],
  darwin: [['pbcopy']],
  win32: [['clip']],
};

/** Writes through the first tool that works; throws when none does (shown as clipboard_unavailable). */
export function systemClipboard(platform: NodeJS.Platform = process.platform): ClipboardPort {
  return {
    async writeText(text) {
      for (const [command, ...args] of TOOLS[platform] ?? []) {
        if (command && (await pipeTo(command, args, text))) return { transient: false };
      }
      throw new Error('no clipboard tool');
    },
  };
}

/** Runs `command` with `text` on stdin; true when it exits 0. Output is ignored (it never holds the text). */
function pipeTo(command: string, args: readonly string[], text: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'ignore'] });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
    child.stdin.on('error', () => undefined);
    child.stdin.end(text);
  });
}
