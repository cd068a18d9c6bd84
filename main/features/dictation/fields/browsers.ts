/**
 * Web browsers, told by the application name the desktop reports (X11's WM_CLASS class, the Windows
 * program, the macOS application): their fields can be read only with the desktop's accessibility on
 * (Chromium joins the AT-SPI bus only then), so a field command there that cannot read says so in words.
 */
const BROWSERS = /chrom|msedge|microsoft[- ]edge|firefox|brave|vivaldi|opera|safari/i;

/** Whether `app` (an application's name, as InsertTarget.appName) is a web browser. */
export function isBrowser(app: string | null | undefined): boolean {
  return app !== null && app !== undefined && BROWSERS.test(app);
}
