/**
 * `scribe dictate … --insert paste|type|copy`: the dictation goes into the window that has focus when the
 * command starts, as it is dictated, through the same insertion engine the app uses. On X11 the desktop is
 * native/x11 (libX11 + XTest) and the clipboard xclip (see native/x11/xclip-clipboard.ts for why); on
 * Windows native/win32 (SendInput) and the Win32 clipboard (native/win32/win32-clipboard.ts).
 *
 * Whether the person typed while we were inserting is seen through XRecord on X11
 * (native/x11/x11-desktop.ts): any key not synthesized by us blocks in-place corrections of text typed
 * before it. On Windows the CLI runs no key hook, so corrections go to stdout only.
 */
import {
  headless,
  type AppRule,
  type InsertionResult,
  type InsertMode,
  type LineBreakRefusal,
  type StreamingInsertion,
} from '../../../compose/headless.ts';
import type { Desktop } from '../../../../native/desktop.ts';
import { CliError, EXIT } from '../io.ts';
import { dictationMessageText, words } from '../../../../preload/words/index.ts';

/** The --insert flag, checked. */
export function insertMode(flag: string | undefined): InsertMode | undefined {
  if (flag === undefined) return undefined;
  const modes = headless.dictation.insertModes;
  if (!(modes as readonly string[]).includes(flag))
    throw new CliError(words().cli.oneOf('--insert', modes.join(', ')), EXIT.usage);
  return flag as InsertMode;
}

/** An insertion into the focused X11 window, with what must be closed after it. */
export interface CliInsertion {
  readonly insertion: StreamingInsertion;
  /**
   * The text as the field takes it: where the field is one line (or IT's rule for the application refuses
   * line breaks), each break a space, said once on stderr — "new line" never submits a form.
   */
  shape(text: string): string;
  /** Finishes the insertion (once; later calls return the same result) and releases the display. */
  finish(): Promise<InsertionResult>;
}

/** Captures the focused window now. Fails with a usage error where there is no X11 display. */
export async function startCliInsertion(mode: InsertMode, rules: readonly AppRule[]): Promise<CliInsertion> {
  if (process.platform === 'win32') return startWin32Insertion(mode, rules);
  if (process.platform !== 'linux' || !process.env.DISPLAY)
    throw new CliError(words().cli.dictate.needsX11, EXIT.usage);
  const { openX11Desktop } = await import('../../../../native/x11/x11-desktop.ts');
  const { XclipClipboard } = await import('../../../../native/x11/xclip-clipboard.ts');
  let desktop;
  try {
    desktop = openX11Desktop();
  } catch {
    throw new CliError(words().cli.dictate.noDisplay, EXIT.usage);
  }
  if (process.env.WAYLAND_DISPLAY) process.stderr.write(`${words().cli.dictate.wayland}\n`);
  const clipboard = new XclipClipboard(process.env, () => desktop.clipboardOwner());
  if (!desktop.watchesKeys) process.stderr.write(`${words().cli.dictate.noRecord}\n`);
  const insertion = await headless.dictation.beginInsertion({
    desktop,
    clipboard,
    mode,
    platform: 'linux',
    typingObserved: desktop.watchesKeys,
  });
  let finished: Promise<InsertionResult> | undefined;
  return {
    insertion,
    shape: await shaper(desktop, insertion, rules),
    finish: () =>
      (finished ??= insertion.finish().finally(async () => {
        await clipboard.close().catch(() => undefined);
        await desktop.close();
      })),
  };
}

/** Windows: the foreground window, SendInput and the Win32 clipboard; no key hook (typing unobserved). */
async function startWin32Insertion(mode: InsertMode, rules: readonly AppRule[]): Promise<CliInsertion> {
  const [{ loadWin32Api }, { Win32Desktop }, { Win32Clipboard }] = await Promise.all([
    import('../../../../native/win32/win32-api.ts'),
    import('../../../../native/win32/win32-desktop.ts'),
    import('../../../../native/win32/win32-clipboard.ts'),
  ]);
  const desktop = new Win32Desktop(loadWin32Api());
  const clipboard = new Win32Clipboard();
  const insertion = await headless.dictation.beginInsertion({
    desktop,
    clipboard,
    mode,
    platform: 'win32',
    typingObserved: false,
  });
  let finished: Promise<InsertionResult> | undefined;
  const shape = await shaper(desktop, insertion, rules);
  return { insertion, shape, finish: () => (finished ??= insertion.finish()) };
}

/** The field's line-break rule, as the app decides it, said on stderr in the app's words. */
async function shaper(
  desktop: Pick<Desktop, 'fieldFacts'>,
  insertion: StreamingInsertion,
  rules: readonly AppRule[],
): Promise<(text: string) => string> {
  const policy = await headless.dictation.lineBreakOf(desktop, insertion, rules);
  const app = insertion.target?.app ?? null;
  const say = (code: LineBreakRefusal) => process.stderr.write(`${dictationMessageText({ code, app })}\n`);
  const lineBreaks = headless.dictation.lineBreaks(policy, say);
  return (text) => lineBreaks.shape(text);
}

/**
 * stderr words for what did not go into the field as dictated (never any dictated text): `failure` when the
 * text went to the clipboard instead of the field (exit 1), `notes` otherwise (copy mode, corrections).
 */
export function insertionNotices(result: InsertionResult): { failure?: string; notes: string[] } {
  const said = words().cli.dictate;
  const notes: string[] = [];
  // Worded here from the reason's code (and the window's application name), not from `result.message`.
  const why =
    result.notInserted === undefined
      ? undefined
      : dictationMessageText({ code: result.notInserted, app: result.target?.app ?? null });
  if (result.notInserted === 'copy_mode') notes.push(said.alsoOnStdout(why ?? ''));
  if (result.correctionsInBox > 0) notes.push(said.correctionsNotApplied(result.correctionsInBox));
  const failed = why !== undefined && result.notInserted !== 'copy_mode';
  if (result.unchecked && !failed) notes.push(said.unchecked);
  return { ...(failed ? { failure: said.alsoOnStdout(why) } : {}), notes };
}
