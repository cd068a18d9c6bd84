/**
 * `scribe texts import` / `export`, run in this process against a data folder of its own: a Dragon command
 * export (UTF-16, as Dragon saves it) comes in, what was left out is named on stderr with its reason (never
 * the content), a second import replaces by name, and the export reads back as the documented CSV.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { textsCommand } from '../../../../main/shells/cli/commands/texts.ts';

const DRAGON = `<?xml version="1.0" encoding="utf-16"?>
<MyCommands version="2.0" language="0x409">
  <Commands type="global">
    <Command name="normal knee" group="Clinic" enabled="true" states="">
      <contents type="TEXT"><![CDATA[Pain in the [left|right|bilateral] knee, [no] effusion.]]></contents>
    </Command>
    <Command name="sign off" group="Clinic" enabled="true" states="">
      <contents type="SCRIPT"><![CDATA[Sub Main
  SendKeys "secret-script-body"
End Sub]]></contents>
    </Command>
  </Commands>
</MyCommands>`;

let dir: string;
let stdout: string;
let stderr: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scribe-texts-'));
  vi.stubEnv('SCRIBE_DATA_DIR', join(dir, 'data'));
  stdout = '';
  stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('scribe texts', () => {
  it('imports a Dragon export, names what it left out and why, and exports it back', async () => {
    const xml = join(dir, 'dragon.xml');
    await writeFile(xml, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(DRAGON, 'utf16le')]));
    const csv = join(dir, 'more.csv');
    await writeFile(csv, 'name,content\r\nnormal knee,"Knee: [stable|unstable]."\r\nplan,Follow up.\r\n');
    const file = join(dir, 'data', 'texts.json');

    expect(await textsCommand.run(['import', xml])).toBe(0);
    expect(stdout).toBe(`1 Text imported into ${file}.\n`);
    expect(stderr).toBe(
      'left out: "sign off" (a script, step-by-step or macro command: it runs actions, not text)\n',
    );
    expect(stderr).not.toContain('secret-script-body');

    stdout = '';
    expect(await textsCommand.run(['import', csv])).toBe(0);
    expect(stdout).toBe(`2 Texts imported into ${file}.\n`);

    stdout = '';
    expect(await textsCommand.run(['export', '--csv'])).toBe(0);
    expect(stdout).toBe('name,content\r\nnormal knee,Knee: [stable|unstable].\r\nplan,Follow up.\r\n');
    const saved = JSON.parse(await readFile(file, 'utf8')) as { texts: unknown[] };
    expect(saved.texts).toHaveLength(2);
  });

  it('says what it takes when the file is neither .xml, .csv nor .json, or the action is missing', async () => {
    await expect(textsCommand.run(['import', join(dir, 'notes.txt')])).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining("is not .xml (Dragon's export), .csv or .json.") as unknown,
    });
    await expect(textsCommand.run([])).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('say import FILE or export [--csv]') as unknown,
    });
  });

  it('leaves a Texts file it cannot read as it is', async () => {
    const csv = join(dir, 'one.csv');
    await writeFile(csv, 'name,content\nplan,Follow up.\n');
    vi.stubEnv('SCRIBE_DATA_DIR', dir);
    await writeFile(join(dir, 'texts.json'), '{"not": "ours"}');
    await expect(textsCommand.run(['import', csv])).rejects.toMatchObject({ exitCode: 1 });
    expect(await readFile(join(dir, 'texts.json'), 'utf8')).toBe('{"not": "ours"}');
  });
});
