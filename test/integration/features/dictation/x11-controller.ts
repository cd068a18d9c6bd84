/**
 * The dictation controller as the app wires it (the insertion engine over our X11 desktop and the CLI's
 * xclip clipboard, voice commands on), its sessions scripted: for the tests and benchmarks that dictate
 * into real fields on a private display.
 */
import type { X11Desktop } from '../../../../native/x11/x11-desktop.ts';
import { XclipClipboard } from '../../../../native/x11/xclip-clipboard.ts';
import {
  DictationController,
  type DictationControllerOptions,
  type DictationSink,
} from '../../../../main/features/dictation/dictation-controller.ts';
import { EngineInserter } from '../../../../main/features/dictation/engine-inserter.ts';
import type { DictationText, OverlayState } from '../../../../main/features/dictation/ports.ts';
import type { DictationLocale } from '../../../../main/core/api/schemas/common.ts';
import type { InsertMode } from '../../../../main/features/dictation/insertion/insertion-types.ts';
import { endlessMicrophone, scriptedOpen } from '../../../unit/features/dictation/scripted-session.ts';

type InserterOptions = ConstructorParameters<typeof EngineInserter>[0];

/** What a scripted controller is given besides its desktop (every field optional but mode and rules). */
export interface ScriptedControllerOptions {
  mode: InsertMode;
  rules: InserterOptions['rules'];
  overlay?: (state: OverlayState) => void;
  /** Where the text and its flags go (default: nowhere), and what the checks read. */
  sink?: DictationSink;
  checks?: DictationControllerOptions['checks'];
  /** The focused field's reader for the commands that act in it (default: none, every one unreadable). */
  navigator?: DictationControllerOptions['navigator'];
  /** The dictation's language, which the commands are said in (default: US English). */
  locale?: DictationLocale;
  /** The clinician's Texts ("insert ‹name›"; default: none). */
  texts?: readonly DictationText[];
}

/**
 * The dictation controller as the app wires it over `desktop` and `clipboard` (X11 here, Win32 in the Windows
 * lane), voice commands on, its sessions scripted.
 */
export function scriptedController(
  parts: Pick<InserterOptions, 'desktop' | 'clipboard' | 'platform'>,
  options: ScriptedControllerOptions,
): { controller: DictationController; sessions: ReturnType<typeof scriptedOpen>['sessions'] } {
  const { open, sessions } = scriptedOpen();
  const controller = new DictationController({
    open,
    microphone: endlessMicrophone(),
    lock: { holder: () => null, acquire: () => true, release: () => undefined },
    inserter: new EngineInserter({ ...parts, mode: () => options.mode, rules: options.rules }),
    overlay: { show: (state) => void (state && options.overlay?.(state)) },
    sink: options.sink ?? { live: () => undefined, finished: () => undefined },
    ...(options.checks ? { checks: options.checks } : {}),
    ...(options.navigator ? { navigator: options.navigator } : {}),
    commands: () => ({ enabled: true, locale: options.locale ?? 'ENGLISH_US', texts: options.texts ?? [] }),
    outcomeMs: 5,
  });
  return { controller, sessions };
}

/** A controller inserting into `desktop` (on the display `env` names) in `mode`, with IT's `rules`. */
export function controllerOnX11(
  desktop: X11Desktop,
  env: NodeJS.ProcessEnv,
  options: ScriptedControllerOptions,
): {
  controller: DictationController;
  sessions: ReturnType<typeof scriptedOpen>['sessions'];
  clipboard: XclipClipboard;
} {
  const clipboard = new XclipClipboard(env, () => desktop.clipboardOwner());
  return { ...scriptedController({ desktop, clipboard, platform: 'linux' }, options), clipboard };
}
