/**
 * Files of Texts: a Dragon command export (written here in the shape public tools write, UTF-16 as Dragon
 * saves it), the documented CSV and our JSON come in; what cannot come along is named with its reason; the
 * export reads back as it was.
 */
import { describe, expect, it } from 'vitest';
import { decodeText } from '../../../../main/base/files/text-files.ts';
import { formatOf, formatTexts, parseTexts } from '../../../../main/features/texts/text-formats.ts';
import { mergeTexts, replaceByName } from '../../../../main/features/texts/text-library.ts';

const DRAGON = `<?xml version="1.0" encoding="utf-16"?>
<!DOCTYPE MyCommands SYSTEM "http://www.nuance.com/NaturallySpeaking/Support/MyCommands/MyCmds11.dtd">
<MyCommands version="2.0" language="0x409">
  <Commands type="global">
    <Command name="normal exam" group="Clinic" enabled="true" states="">
      <description>Normal physical exam</description>
      <contents type="TEXT"><![CDATA[Lungs clear. Pain in the [left|right|bilateral] knee.\r
Follow up in «two» weeks.]]></contents>
    </Command>
    <Command name="sign off" group="Clinic" enabled="true" states="">
      <description/>
      <contents type="SCRIPT"><![CDATA[Sub Main
  SendKeys "{Enter}"
End Sub]]></contents>
    </Command>
    <Command name="letterhead" group="Clinic" enabled="true" states="">
      <contents type="RTF">{\\rtf1\\ansi Clinic}</contents>
    </Command>
    <Command name="&lt;gender&gt; exam" group="Clinic" enabled="true" states="">
      <contents type="TEXT">The patient is a &lt;&lt;gender&gt;&gt;.</contents>
    </Command>
    <Command name="R &amp; R" group="Clinic" enabled="true" states="">
      <contents type="TEXT">Risks &amp; benefits discussed.</contents>
    </Command>
  </Commands>
</MyCommands>`;

function utf16(text: string): Uint8Array {
  const body = Buffer.from(text, 'utf16le');
  return new Uint8Array([0xff, 0xfe, ...body]);
}

describe('Dragon command export (MyCommands XML)', () => {
  it('brings plain-text commands along with their fields, and names what it left out and why', () => {
    const result = parseTexts(utf16(DRAGON), 'dragon-xml');
    expect(result.texts).toEqual([
      {
        name: 'normal exam',
        content: 'Lungs clear. Pain in the [left|right|bilateral] knee.\nFollow up in [two] weeks.',
      },
      { name: 'R & R', content: 'Risks & benefits discussed.' },
    ]);
    expect(result.leftOut).toEqual([
      { name: 'sign off', reason: 'script' },
      { name: 'letterhead', reason: 'formatted' },
      { name: '<gender> exam', reason: 'list_variable' },
    ]);
  });

  it('refuses a file that is not a Dragon export', () => {
    expect(() => parseTexts(new TextEncoder().encode('<html></html>'), 'dragon-xml')).toThrow();
  });

  it('reads UTF-8 and UTF-16 (either byte order) alike', () => {
    const be = new Uint8Array([0xfe, 0xff, ...Buffer.from('Hé', 'utf16le').swap16()]);
    expect(decodeText(be)).toBe('Hé');
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x48, 0xc3, 0xa9]))).toBe('Hé');
  });
});

describe('CSV (the documented fallback) and our JSON', () => {
  it('reads quoted cells with commas, quotes and line breaks, any column order', () => {
    const csv =
      'group,content,name\r\nx,"Knee: [left|right], ""stable""\r\nno effusion",knee exam\r\n,,\r\ny,,empty one\r\n';
    const result = parseTexts(new TextEncoder().encode(csv), 'csv');
    expect(result.texts).toEqual([
      { name: 'knee exam', content: 'Knee: [left|right], "stable"\nno effusion' },
    ]);
    expect(result.leftOut).toEqual([{ name: 'empty one', reason: 'empty' }]);
  });

  it('refuses a CSV without name and content columns', () => {
    expect(() => parseTexts(new TextEncoder().encode('a,b\n1,2\n'), 'csv')).toThrow();
  });

  it('leaves out a name said twice (the first stays)', () => {
    const csv = 'name,content\nExam,one\nexam,two\n';
    const result = parseTexts(new TextEncoder().encode(csv), 'csv');
    expect(result.texts).toEqual([{ name: 'Exam', content: 'one' }]);
    expect(result.leftOut).toEqual([{ name: 'exam', reason: 'duplicate' }]);
  });

  it('writes what it reads, in CSV and JSON', () => {
    const texts = [
      { name: 'knee exam', content: 'Knee: [left|right], "stable"\nno effusion' },
      { name: 'plain', content: 'Nothing to quote' },
    ];
    for (const format of ['csv', 'json'] as const) {
      const written = new TextEncoder().encode(formatTexts(texts, format));
      expect(parseTexts(written, format)).toEqual({ texts, leftOut: [] });
    }
  });

  it('knows a file by its ending', () => {
    expect(['a.XML', 'b.csv', 'c.json', 'd.txt'].map(formatOf)).toEqual(['dragon-xml', 'csv', 'json', null]);
  });
});

describe('the library', () => {
  it('lays the organization’s Texts over the clinician’s, by name as said', () => {
    const merged = mergeTexts(
      [{ name: 'Normal Exam', content: 'org' }],
      [
        { name: 'normal exam.', content: 'mine' },
        { name: 'mine only', content: 'x' },
      ],
    );
    expect(merged).toEqual([
      { name: 'Normal Exam', content: 'org', origin: 'organization' },
      { name: 'mine only', content: 'x', origin: 'user' },
    ]);
  });

  it('an import replaces the clinician’s Text of the same name', () => {
    expect(
      replaceByName(
        [
          { name: 'a', content: '1' },
          { name: 'b', content: '2' },
        ],
        [{ name: 'A', content: '3' }],
      ),
    ).toEqual([
      { name: 'b', content: '2' },
      { name: 'A', content: '3' },
    ]);
  });
});
