/**
 * A GTK 3 text field in its own process (test/fixtures/x11/gtk-field.py), readable through AT-SPI as an
 * EHR's field would be: `text` and `selection` are what the field itself last reported.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { until, x11Fixture, type TestDisplay } from './x11-harness.ts';

const SCRIPT = x11Fixture('gtk-field.py');

/** Whether GTK 3 from Python (python3-gi, gir1.2-gtk-3.0) and libatspi are installed. */
export function gtkAvailable(): boolean {
  const probe = "import gi; gi.require_version('Gtk', '3.0'); from gi.repository import Gtk";
  return spawnSync('/usr/bin/python3', ['-c', probe]).status === 0;
}

export class GtkField {
  text = '';
  selection: [number, number] = [0, 0];
  /** The field has hidden its text (after `send('password')`). */
  password = false;
  /** How many times Return sent the entry (a form's submit, a chat's send). */
  activated = 0;
  /** GTK says its window is active (has the keyboard focus). */
  active = false;
  #ready = false;

  private constructor(
    readonly title: string,
    readonly child: ChildProcess,
  ) {
    let buffer = '';
    child.stdout!.on('data', (b: Buffer) => {
      buffer += b.toString();
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line === 'READY') this.#ready = true;
        if (line === 'PASSWORD') this.password = true;
        if (line === 'ACTIVATE') this.activated++;
        if (line.startsWith('ACTIVE ')) this.active = line === 'ACTIVE 1';
        if (line.startsWith('TEXT ')) this.text = Buffer.from(line.slice(5), 'base64').toString('utf8');
        if (line.startsWith('SEL '))
          this.selection = line.slice(4).split(' ').map(Number) as [number, number];
      }
    });
  }

  /** Opens a field titled `title` holding `text`: 'entry', 'view' (multi-line) or 'discard' (swallows input). */
  static async open(
    display: TestDisplay,
    title: string,
    text: string,
    kind: 'entry' | 'view' | 'discard',
  ): Promise<GtkField> {
    const child = spawn('/usr/bin/python3', [SCRIPT, title, Buffer.from(text).toString('base64'), kind], {
      env: { ...display.env, NO_AT_BRIDGE: '0', GTK_A11Y: '' },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const field = new GtkField(title, child);
    await until(() => field.#ready, `${title} to open`);
    await display.x('xdotool', ['search', '--sync', '--name', `^${title}$`, 'windowactivate', '--sync']);
    // The window manager may call the window active before GTK has the focus: the tests type only after.
    await until(() => field.active, `${title} to have the keyboard focus`);
    return field;
  }

  /** The selected text (characters: the fixture's texts are BMP-only). */
  get selected(): string {
    return this.text.slice(this.selection[0], this.selection[1]);
  }

  send(command: string): void {
    this.child.stdin!.write(`${command}\n`);
  }

  close(): void {
    this.child.kill();
  }
}
