/**
 * "New line" never submits with `scribe dictate --insert` either: the CLI run as a child process types into
 * a one-line GTK entry of another process (read through AT-SPI), the local service hearing a sentence, "new
 * line" alone, and a sentence. No Return reaches the entry (its form is never sent), a space stands in, the
 * printed text is what went in, and stderr says why in the app's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliOnDisplay, type CliOnDisplay } from './cli-on-display.ts';
import { GtkField, gtkAvailable } from './gtk-field.ts';

const describeX = process.env.REAL_DISPLAY && gtkAvailable() ? describe : describe.skip;

describeX('scribe dictate --insert: new line never submits (real X11 field)', () => {
  let env: CliOnDisplay;
  beforeAll(async () => {
    env = await startCliOnDisplay(['the wound is clean period', 'new line', 'dressing applied period']);
  }, 60_000);
  afterAll(() => env?.close());

  it('a one-line GTK entry gets a space, never a Return, and stderr says why', async () => {
    const field = await GtkField.open(env.screen, 'ehr-entry-cli', '', 'entry');
    try {
      const run = await env.scribe(['dictate', env.wav, '--fast', '--insert', 'type']);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^the wound is clean\. dressing applied\.$/i);
      expect(field.text).toBe(run.stdout);
      expect(field.activated).toBe(0);
      expect(run.stderr).toContain('one line');
    } finally {
      field.close();
    }
  }, 120_000);
});
