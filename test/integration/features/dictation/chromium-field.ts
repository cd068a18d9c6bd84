/**
 * A web EHR's fields in a real Chromium window on the test X display: a rich-text field (`contenteditable`,
 * the kind web EHR editors use) and a `textarea`, one page, driven through playwright-core with Debian's
 * Chromium (headed, so keys from XTest and the X11 clipboard reach it as they reach a clinician's browser).
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import type { X11Desktop } from '../../../../native/x11/x11-desktop.ts';
import { XclipClipboard } from '../../../../native/x11/xclip-clipboard.ts';
import { StreamingInsertion } from '../../../../main/features/dictation/insertion/streaming-insertion.ts';
import type { InsertionResult } from '../../../../main/features/dictation/insertion/insertion-types.ts';
import type { TestDisplay } from './x11-harness.ts';

/**
 * A dictation with corrections before and across a paragraph break, each text given once the last is in
 * the field; `shown`: what a rich field then shows (a paragraph break as "\n\n\n").
 */
export const PARAGRAPH_CORRECTIONS = {
  said: [
    'Patient is table.',
    'Patient is table.\n\n',
    'Patient is stable.\n\n',
    'Patient is stable.\n\nContinue aspirin.',
    'Patient was stable.\n\nContinue aspirin.',
  ],
  shown: 'Patient was stable.\n\n\nContinue aspirin.',
} as const;

/**
 * Pastes `said` into the focused field by a StreamingInsertion, each text once the last is in;
 * `onFirstRead` runs when the target first reads the first paste.
 */
export async function pasteInTurn(
  desktop: X11Desktop,
  display: TestDisplay,
  said: readonly string[],
  onFirstRead?: () => Promise<void>,
): Promise<InsertionResult> {
  const clipboard = new XclipClipboard(display.env, () => desktop.clipboardOwner());
  let held: unknown;
  if (onFirstRead) {
    const write = clipboard.writeTransient.bind(clipboard);
    let first = true;
    clipboard.writeTransient = async (text) => {
      const written = await write(text);
      // A hold that failed fails the test (the field then misses nothing, and the test would prove nothing).
      if (first) void written.reading.then(onFirstRead).catch((error: unknown) => (held = error));
      first = false;
      return written;
    };
  }
  try {
    const insertion = await StreamingInsertion.begin({
      desktop,
      clipboard,
      mode: 'paste',
      platform: 'linux',
    });
    for (const text of said) {
      insertion.update(text);
      await insertion.settled();
    }
    const result = await insertion.finish();
    if (held) throw held;
    return result;
  } finally {
    await clipboard.close();
  }
}

/** The fields of the page, by the element's id; `blocked` refuses pastes (as some EHR fields do). */
export type WebFieldKind = 'rich' | 'plain' | 'blocked';

const PAGE = `<!doctype html><meta charset="utf-8"><title>web-ehr</title>
<style>#rich,#plain,#blocked{width:600px;height:120px;border:1px solid #888;margin:8px;font:14px sans-serif}</style>
<div id="rich" contenteditable="true"></div><textarea id="plain"></textarea>
<textarea id="blocked" onpaste="event.preventDefault()"></textarea>`;

/** A headed Chromium with one page holding both fields. */
export class ChromiumFields {
  private constructor(
    private readonly browser: Browser,
    readonly page: Page,
    private readonly display: TestDisplay,
  ) {}

  /**
   * `accessibility`: Chromium's accessibility tree on, exposed over AT-SPI (as a screen reader's presence
   * turns it on); off by default, as on most clinicians' desktops.
   */
  static async open(display: TestDisplay, { accessibility = false } = {}): Promise<ChromiumFields> {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: false,
      // ACCESSIBILITY_ENABLED: without it Chromium never joins the AT-SPI bus, whatever the flag says.
      env: { ...display.env, ...(accessibility ? { ACCESSIBILITY_ENABLED: '1' } : {}) },
      args: [
        ...(accessibility ? ['--force-renderer-accessibility'] : []),
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--password-store=basic',
        '--ozone-platform=x11',
      ],
    });
    const page = await browser.newPage();
    await page.setContent(PAGE);
    return new ChromiumFields(browser, page, display);
  }

  /** Gives the browser window X focus (as a click on it would) and the field keyboard focus, empty. */
  async focus(kind: WebFieldKind): Promise<void> {
    await this.display.x('xdotool', ['search', '--sync', '--name', '^web-ehr', 'windowactivate', '--sync']);
    await this.page.bringToFront(); // without it the page holds no keyboard focus inside the window
    await this.page.evaluate(`(() => {
      const el = document.getElementById('${kind}');
      if ('value' in el) el.value = ''; else el.textContent = '';
      el.focus();
    })()`);
  }

  /** What the field shows, as text (a rich field's paragraphs and line breaks as \n). */
  text(kind: WebFieldKind): Promise<string> {
    return this.page.evaluate(`(() => {
      const el = document.getElementById('${kind}');
      return 'value' in el ? el.value : el.innerText;
    })()`);
  }

  /**
   * Stops the page's processes for `ms` (SIGSTOP, then SIGCONT), as a loaded machine leaves them without a
   * core: the browser process goes on. Only this browser's pages: the e2e group's Chromium runs beside.
   */
  async holdPage(ms: number): Promise<void> {
    const cdp = await this.browser.newBrowserCDPSession();
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: Array<{ type: string; id: number }>;
    };
    await cdp.detach();
    const pages = processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
    if (pages.length === 0) throw new Error('no page process to hold');
    /** A process gone meanwhile (a spare page) is no error; every other one is let go whatever happens. */
    const signal = (sig: NodeJS.Signals) =>
      pages.forEach((pid) => {
        try {
          process.kill(pid, sig);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
        }
      });
    try {
      signal('SIGSTOP');
      await new Promise((resolve) => setTimeout(resolve, ms)); // the hold itself, not a wait for anything
    } finally {
      signal('SIGCONT');
    }
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}
