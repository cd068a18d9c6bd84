/**
 * The desktop facade: what dictation needs from the operating system to put text into another application
 * — the focused window, focus restore, field facts (password, privilege), key synthesis and the clipboard.
 * One implementation per OS, each over koffi (prebuilt FFI, no compiler, no install-time download), each
 * the only importer of its FFI layer:
 * - X11: native/x11/ (libX11 + XTest, runs and is tested here; clipboard through `xclip`),
 * - Windows: native/win32/ (user32/kernel32/advapi32; type-checked, tested through a fake FFI layer),
 * - macOS: native/macos/ (CoreGraphics, ApplicationServices, the Objective-C runtime; same).
 * native/desktop.fake.ts is the in-memory double the engine's unit tests use.
 *
 * Keys are always named by keysym / virtual key, never by key position, so chords work under any layout.
 */

/** The window text goes into, captured when dictation starts. Never carries a window title (patient data). */
export interface TargetWindow {
  /** X11 window id, Windows HWND, macOS pid: opaque, compared for equality only. */
  readonly id: string;
  readonly pid?: number;
  /** Application name for rules and messages: WM_CLASS class, process image base name, bundle id. */
  readonly app?: string;
}

/** What can be told about the focused field of a target. `undefined`: the OS does not let us tell. */
export interface FieldFacts {
  /** A password field (Windows ES_PASSWORD edit, macOS AXSecureTextField). */
  readonly password?: boolean;
  /** The target runs at a higher privilege than this process (Windows integrity level). */
  readonly elevated?: boolean;
  /** macOS Secure Event Input is on (a password prompt somewhere): synthesized keys are dropped. */
  readonly secureInput?: boolean;
  /** The field's text and selection, when it can be read. */
  readonly context?: FieldText;
  /**
   * Whether the focused field takes line breaks: false for a one-line field, where Return sends a form or a
   * chat message. Undefined where it cannot be told (X11 tells it through AT-SPI; Windows and macOS not yet).
   */
  readonly multiLine?: boolean;
  /**
   * Which control inside the window has the keyboard focus (a Windows control's HWND): compared for
   * equality only, to tell that focus moved to another field of the same window. Undefined when the desktop
   * does not say (X11 and macOS today; on Windows, fields drawn inside one HWND, as in Chromium or WPF,
   * share it).
   */
  readonly control?: string;
}

/**
 * A text field's content and selection: offsets in UTF-16 units of `text`, line breaks as '\n' (what
 * `selectInField` takes back). `selectionLength` 0 is the caret alone.
 */
export interface FieldText {
  readonly text: string;
  readonly selectionStart: number;
  readonly selectionLength: number;
}

/** Paste chords, built from keysyms / virtual keys. */
export type PasteChord = 'ctrl-v' | 'ctrl-shift-v' | 'shift-insert' | 'cmd-v';

/** Keys the engine presses: to edit its own tail, and Shift+Return where an application's rule asks for it. */
export type EditKey = 'left' | 'backspace' | 'return';

/** Options of {@link Desktop.typeText}. */
export interface TypeOptions {
  /** Pause between characters, in ms (remote sessions drop characters sent too fast). */
  readonly paceMs: number;
  /** Scancodes of the local layout instead of Unicode keystrokes (remote sessions that ignore Unicode). */
  readonly scancode?: boolean;
}

/** Key synthesis and window focus. */
export interface Desktop {
  /** The window that has focus now; undefined when none (or it cannot be told). */
  activeWindow(): Promise<TargetWindow | undefined>;
  /** Brings `target` to the front; resolves true once it has focus, false when it could not. */
  activate(target: TargetWindow): Promise<boolean>;
  /**
   * Facts about the focused field of `target` (which must have focus). `context: false`: its text is not
   * needed (a re-check before keys), so a desktop where reading it costs a round trip to the other process
   * (Windows) may leave it out.
   */
  fieldFacts(target: TargetWindow, options?: { readonly context?: boolean }): Promise<FieldFacts>;
  /**
   * The focused field of `target` (which must have focus) as text, where the OS and the application let it
   * be read (X11: AT-SPI; Windows: classic Edit/RichEdit; macOS: AXValue); undefined otherwise.
   * `control` (a {@link FieldFacts.control}): read only while that control still has focus, undefined once
   * another one has it (where the OS can tell controls apart).
   */
  readField?(target: TargetWindow, control?: string): Promise<FieldText | undefined>;
  /** Selects [start, start + length) of what `readField` returned; false when it cannot. */
  selectInField?(target: TargetWindow, start: number, length: number): Promise<boolean>;
  /** Releases modifier keys held down now (the person's hotkey), so they do not alter our keys. */
  releaseModifiers(): Promise<void>;
  sendPaste(chord: PasteChord): Promise<void>;
  /** Types text as Unicode keystrokes ('\n' as Return, '\t' as Tab). */
  typeText(text: string, options: TypeOptions): Promise<void>;
  /** Presses `key` `count` times, with Shift held when asked (Shift+Left selects back). */
  pressKey(key: EditKey, count: number, options?: { shift?: boolean }): Promise<void>;
  /**
   * Keys the person pressed that we did not synthesize, where the OS lets us see them (X11: XRecord).
   * Returns an unsubscribe function; undefined when not available (the app feeds its key hook instead).
   */
  onForeignKey?(listener: () => void): () => void;
  /** Delivers foreign keys the OS has seen up to now (before deciding a correction is safe). */
  syncInput?(): Promise<void>;
  /** Releases OS resources (display connections, scratch key mappings). */
  close(): Promise<void>;
}

/** What the clipboard held before we wrote to it. */
export interface ClipboardSnapshot {
  /** One format and its bytes, or empty when the clipboard was empty or held nothing we can restore. */
  readonly entries: ReadonlyArray<{ format: string; bytes: Uint8Array }>;
}

/** The system clipboard as insertion needs it. */
export interface InsertionClipboard {
  snapshot(): Promise<ClipboardSnapshot>;
  /**
   * Writes text marked transient / excluded from history; `transient` says whether the platform honours
   * the markers. Where reads can be seen: `reading` resolves when a target starts reading the text, and
   * `pasted` once it has finished (true), or false when nothing read it.
   */
  writeTransient(
    text: string,
  ): Promise<{ transient: boolean; reading?: Promise<void>; pasted?: Promise<boolean> }>;
  /** The text the clipboard holds now (undefined: none or not text). */
  readText(): Promise<string | undefined>;
  restore(snapshot: ClipboardSnapshot): Promise<void>;
  /** Releases helpers; text written by `writeTransient` for copy-only stays available after it. */
  close(): Promise<void>;
}
