import { it } from 'vitest';
import { spawn } from 'node:child_process';
import { startDisplay } from '/work/main/test/integration/features/dictation/x11-harness.ts';
import { ChromiumFields } from '/work/main/test/integration/features/dictation/chromium-field.ts';
it('dbg', async () => {
  const screen = await startDisplay();
  const web = await ChromiumFields.open(screen);
  for (const kind of ['rich', 'plain', 'rich', 'plain'] as const) {
    await web.focus(kind);
    const c = spawn('xclip', ['-selection', 'clipboard', '-i', '-t', 'UTF8_STRING', '-verbose'], { env: screen.env });
    const t0 = performance.now();
    const lines: string[] = [];
    const on = (b: Buffer) => { for (const l of b.toString().split('\n')) if (l.includes('number')) lines.push(`${(performance.now() - t0).toFixed(0)} ${l.trim()}`); };
    c.stderr.on('data', on); c.stdout.on('data', on);
    c.stdin.end('hello ' + kind);
    await new Promise((r) => setTimeout(r, 300));
    lines.push(`${(performance.now() - t0).toFixed(0)} ctrl+v`);
    await screen.x('xdotool', ['key', 'ctrl+v']);
    await new Promise((r) => setTimeout(r, 1500));
    console.log('round', kind, lines.join(' | '), 'field', JSON.stringify(await web.text(kind)));
    c.kill();
  }
  await web.close(); screen.close();
}, 120000);
