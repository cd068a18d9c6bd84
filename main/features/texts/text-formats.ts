/**
 * Files of Texts in and out: Dragon's command export (MyCommands XML), a CSV of name and content, and our
 * own JSON (text-library.ts). Whatever cannot come along is named with its reason, never dropped silently.
 *
 * Dragon's export format has no public description we could find. What is read is the shape public tools
 * write and Dragon's Command Browser imports: `<MyCommands><Commands type="global|application"><Command
 * name="…" group="…"><description/><contents type="…">…</contents></Command>…`, UTF-16 or UTF-8. Plain text
 * contents come along; scripts, step-by-step and macro-recorder commands (they run actions, not text),
 * formatted text and graphics (RTF) and names with list variables (`<gender>`) are left out and named. No XML
 * library is among our dependencies and this shape is flat, so a few patterns read it (docs/texts.md).
 * Field delimiters: Dragon's `[ ]` fields are ours already; `« »` fields become `[ ]`.
 */
import { csvTable, decodeText } from '../../base/files/text-files.ts';
import type { TEXT_LEFT_OUT_REASONS } from '../../../preload/contract/dto-texts.ts';
import { TEXT_CONTENT_MAX, TEXT_NAME_MAX, TEXTS_MAX, TextsFileSchema, type Text } from './text-library.ts';

/** Why a Text was left out of an import. */
type LeftOutReason = (typeof TEXT_LEFT_OUT_REASONS)[number];

/** An item of an import that did not come along (by its name, never its content). */
interface LeftOut {
  readonly name: string;
  readonly reason: LeftOutReason;
}

/** What an import read. */
export interface ImportResult {
  readonly texts: Text[];
  readonly leftOut: LeftOut[];
}

/** The formats read and written. */
export type TextsFormat = 'dragon-xml' | 'csv' | 'json';

/** The format of a file, by its name's ending. */
export function formatOf(fileName: string): TextsFormat | null {
  const ext = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return ext === 'xml' ? 'dragon-xml' : ext === 'csv' ? 'csv' : ext === 'json' ? 'json' : null;
}

/** Reads a file of Texts in the given format. Throws on a file that is not that format at all. */
export function parseTexts(bytes: Uint8Array, format: TextsFormat): ImportResult {
  const text = decodeText(bytes);
  const items =
    format === 'json'
      ? TextsFileSchema.parse(JSON.parse(text)).texts.map((t) => ({ ...t, reason: null }))
      : format === 'csv'
        ? csvItems(text)
        : dragonItems(text);
  return admit(items);
}

/** An item read, with what already rules it out. */
interface Item {
  readonly name: string;
  readonly content: string;
  readonly reason: LeftOutReason | null;
}

/** The checks every format shares: empty, too long, a name twice, too many. */
function admit(items: readonly Item[]): ImportResult {
  const texts: Text[] = [];
  const leftOut: LeftOut[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const name = item.name.trim().replace(/\s+/g, ' ');
    const content = withOurFields(item.content);
    const reason =
      item.reason ??
      (name === '' || content.trim() === ''
        ? 'empty'
        : name.length > TEXT_NAME_MAX || content.length > TEXT_CONTENT_MAX
          ? 'too_long'
          : seen.has(name.toLowerCase())
            ? 'duplicate'
            : texts.length >= TEXTS_MAX
              ? 'too_many'
              : null);
    if (reason) {
      leftOut.push({ name: name.slice(0, TEXT_NAME_MAX), reason });
      continue;
    }
    seen.add(name.toLowerCase());
    texts.push({ name, content });
  }
  return { texts, leftOut };
}

/** Dragon's `« »` fields as ours; line ends as \n. */
function withOurFields(content: string): string {
  return content.replace(/\r\n?/g, '\n').replace(/«([^«»\n]*)»/g, '[$1]');
}

const COMMAND = /<Command\b([^>]*)>([\s\S]*?)<\/Command>/g;
const CONTENTS = /<contents\b([^>]*)>([\s\S]*?)<\/contents>/;

function dragonItems(xml: string): Item[] {
  if (!/<MyCommands\b/.test(xml)) throw new Error('not a Dragon commands export');
  return [...xml.matchAll(COMMAND)].map(([, attributes = '', body = '']) => {
    const name = unescapeXml(attribute(attributes, 'name'));
    const contents = CONTENTS.exec(body);
    const type = attribute(contents?.[1] ?? '', 'type').toLowerCase();
    const content = unescapeXml(cdata(contents?.[2] ?? ''));
    return { name, content, reason: dragonReason(name, type, content) };
  });
}

/** Why a Dragon command cannot be a Text, or null when its contents are plain text. */
function dragonReason(name: string, type: string, content: string): LeftOutReason | null {
  if (/<[^<>]+>/.test(name) || /<<[^<>]+>>/.test(content)) return 'list_variable';
  if (/script|step|macro|keys/.test(type)) return 'script';
  if (/rtf|graphic|html/.test(type) || content.trimStart().startsWith('{\\rtf')) return 'formatted';
  return null;
}

function attribute(attributes: string, key: string): string {
  return (
    new RegExp(`\\b${key}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)
      .exec(attributes)
      ?.slice(1)
      .find((v) => v !== undefined) ?? ''
  );
}

function cdata(body: string): string {
  const match = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(body);
  return match ? match[1]! : body.trim();
}

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (entity, code: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
    if (named[code.toLowerCase()]) return named[code.toLowerCase()]!;
    const point =
      code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
    return Number.isFinite(point) && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
  });
}

/** The documented CSV: a header row naming `name` and `content` (any order, other columns ignored). */
function csvItems(text: string): Item[] {
  return csvTable(text, ['name', 'content']).map((row) => ({ ...row, reason: null }));
}

/** Texts written in our JSON, or as the documented CSV (the same the import reads). */
export function formatTexts(texts: readonly Text[], format: 'json' | 'csv'): string {
  if (format === 'json') return `${JSON.stringify(TextsFileSchema.parse({ version: 1, texts }), null, 2)}\n`;
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return ['name,content', ...texts.map((t) => `${cell(t.name)},${cell(t.content)}`)].join('\r\n') + '\r\n';
}
