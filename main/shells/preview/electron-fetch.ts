/**
 * Which shell `npm start` runs. Electron 45's package has no postinstall: its binary is downloaded on first
 * use (node_modules/electron/install.js). So when the binary is missing, start fetches it with Electron's own
 * install step, for a bounded time, and falls back to the browser preview only when that is skipped or fails.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** How the install step ended: done, or failed with a one-line reason (no stack). */
type InstallOutcome = { readonly ok: true } | { readonly ok: false; readonly why: string };

/** Electron's install step; it must stop when `signal` aborts. */
export type InstallStep = (signal: AbortSignal) => Promise<InstallOutcome>;

/** The shell to run, or the preview with why Electron's binary could not be had. */
export type ShellChoice =
  | { readonly shell: 'electron'; readonly binary: string }
  | { readonly shell: 'preview'; readonly why: string };

export interface ChooseShellOptions {
  /** The installed binary, or null (electron-binary.ts). */
  readonly binary: () => string | null;
  readonly install: InstallStep;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** How long the download may take before start gives up on it. */
  readonly timeoutMs: number;
  /** Told once, before a download starts. */
  readonly onFetching?: () => void;
}

/** Electron when its binary is there or can be fetched in time; otherwise the preview, and why. */
export async function chooseShell(options: ChooseShellOptions): Promise<ShellChoice> {
  const installed = options.binary();
  if (installed) return { shell: 'electron', binary: installed };
  const skipped = skipReason(options.env);
  if (skipped) return { shell: 'preview', why: skipped };
  options.onFetching?.();
  const signal = AbortSignal.timeout(options.timeoutMs);
  const outcome = await options
    .install(signal)
    .catch((error: unknown): InstallOutcome => ({ ok: false, why: oneLine(String(error)) }));
  if (signal.aborted)
    return { shell: 'preview', why: `its download did not finish within ${seconds(options.timeoutMs)}` };
  if (!outcome.ok) return { shell: 'preview', why: `its download failed (${outcome.why})` };
  const binary = options.binary();
  if (binary) return { shell: 'electron', binary };
  return { shell: 'preview', why: 'its download finished but the binary is still missing' };
}

/** Why no download is tried: the person (or npm) asked for none. */
function skipReason(env: ChooseShellOptions['env']): string | null {
  if (truthy(env.ELECTRON_SKIP_BINARY_DOWNLOAD))
    return 'its download is skipped (ELECTRON_SKIP_BINARY_DOWNLOAD is set)';
  if (truthy(env.npm_config_offline)) return 'its download is skipped (npm is offline)';
  return null;
}

function truthy(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

function seconds(ms: number): string {
  return `${Math.round(ms / 1000)} s`;
}

/**
 * The first line of an error, with any user:password@ in an address (a private ELECTRON_MIRROR) removed,
 * and cut short.
 */
export function oneLine(text: string): string {
  const first = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? 'no reason given';
  const clean = first.trim().replace(/\/\/[^/@\s]*@/g, '//');
  return clean.length > 160 ? `${clean.slice(0, 159)}…` : clean;
}

/**
 * Electron's own install step (`node node_modules/electron/install.js`) in a child process; the
 * environment passes through, so ELECTRON_MIRROR and electron_config_cache apply as usual.
 */
export const electronInstallStep: InstallStep = (signal) => {
  const script = createRequire(import.meta.url).resolve('electron/install.js');
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'ignore', 'pipe'], signal });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    if (stderr.length < 4_096) stderr += chunk;
  });
  return new Promise((resolve) => {
    child.once('error', (error) => resolve({ ok: false, why: oneLine(error.message) }));
    child.once('close', (code) =>
      resolve(code === 0 ? { ok: true } : { ok: false, why: oneLine(stderr || `exit code ${code}`) }),
    );
  });
};
