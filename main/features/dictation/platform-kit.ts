/**
 * What dictation offers a shell to build its platform parts with (compose-dictation.ts hands it to the
 * shell's DictationPlatformFactory): the inserters (the engine over the OS desktop, the copy-only one, the
 * box's), the clear of copied text at the clinician's time and the next/previous field navigator. The
 * shells take them from here, never from the files that hold them.
 */
import type { Desktop, InsertionClipboard } from '../../../native/desktop.ts';
import type { TemplateMarker } from '../../../preload/contract/index.ts';
import { BoxInserter } from './box-inserter.ts';
import { ClipboardInserter } from './clipboard-inserter.ts';
import { EngineInserter, type EngineInserterOptions } from './engine-inserter.ts';
import { DesktopFieldNavigator } from './fields/field-navigator.ts';
import { clearAfterSeconds, type ScheduledClear } from './insertion/copied-expiry.ts';
import type { FieldNavigator, Inserter } from './ports.ts';

/** The parts a shell builds dictation's platform from. */
export interface DictationPlatformKit {
  /** Inserts into the focused application through the desktop (keys, paste), per mode and app rules. */
  engineInserter(options: EngineInserterOptions): Inserter;
  /** Copies the text instead (no desktop layer); `clearLater` clears it at the clinician's time. */
  clipboardInserter(
    copy: (text: string) => Promise<unknown>,
    clearLater?: (text: string) => ScheduledClear | null,
  ): Inserter;
  /** Keeps the text in the dictation box (the browser preview). */
  boxInserter(): Inserter;
  /** Clears copied dictation text after the clinician's number of seconds. */
  clearAfterSeconds(
    clipboard: InsertionClipboard,
    seconds: () => number,
  ): (text: string) => ScheduledClear | null;
  /** "Next field" / "previous field" over the desktop, between the blanks that count now. */
  fieldNavigator(desktop: Desktop, markers: () => readonly TemplateMarker[]): FieldNavigator;
}

export const dictationPlatformKit: DictationPlatformKit = {
  engineInserter: (options) => new EngineInserter(options),
  clipboardInserter: (copy, clearLater) => new ClipboardInserter(copy, clearLater),
  boxInserter: () => new BoxInserter(),
  clearAfterSeconds,
  fieldNavigator: (desktop, markers) => new DesktopFieldNavigator(desktop, markers),
};
