/**
 * The system browser for "Sign in with your organization" (RFC 8252: never an embedded web view, so the
 * identity provider's page, its password managers and its session are the person's own browser's).
 * Only http(s) addresses are opened.
 */
import { shell } from 'electron';

/** Opens `url` in the default browser. */
export async function openInSystemBrowser(url: string): Promise<void> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('not_a_web_address'); // a code: only http(s) is opened
  // The scanner asks for a review of every non-constant openExternal: this one opens only http(s) URLs the
  // main process built itself (the identity provider's authorization and end-session URLs).
  await shell.openExternal(parsed.href, { activate: true }); // eng-disable OPEN_EXTERNAL_JS_CHECK
}
