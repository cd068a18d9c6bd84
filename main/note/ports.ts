/**
 * The clipboard as the note sees it (main/app/electron-clipboard.ts writes it through Electron).
 */
/** Writes the clipboard; `transient` says whether clipboard history/managers were told to skip it. */
export interface ClipboardPort {
  writeText(text: string): Promise<{ transient: boolean }>;
}
