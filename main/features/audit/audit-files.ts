/**
 * The trail's files as the log reads and appends them: `audit-<first seq>.jsonl`, one record a line, each
 * append flushed to disk before it counts.
 */
import { open, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditRecord } from './audit-events.ts';
import { parseRecord, type AuditLine } from './audit-chain.ts';

const FILE = /^audit-(\d{10})\.jsonl$/;

/** The trail's files in `dir`, oldest first. */
export async function trailFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  return names.filter((n) => FILE.test(n)).sort();
}

/** Every non-empty line of `files`, in order, with where it was. */
export async function trailLines(dir: string, files: readonly string[]): Promise<AuditLine[]> {
  const lines: AuditLine[] = [];
  for (const file of files) {
    const text = await readFile(join(dir, file), 'utf8');
    text.split('\n').forEach((line, i) => {
      if (line.trim() !== '') lines.push({ file, line: i + 1, text: line });
    });
  }
  return lines;
}

/**
 * The last readable record of the newest non-empty file, read from its end, and whether that file ends
 * in something else (a write torn by a crash or power cut, or an edit). Such a tail stays as it is, for
 * verify to name; the trail goes on after it on a line of its own, chained to the last good record.
 */
export async function tailOf(
  dir: string,
  files: readonly string[],
): Promise<{ record: AuditRecord | null; torn: boolean }> {
  for (const file of [...files].reverse()) {
    const handle = await open(join(dir, file), 'r');
    try {
      const { size } = await handle.stat();
      const length = Math.min(size, 64 * 1024);
      const { buffer } = await handle.read(Buffer.alloc(length), 0, length, size - length);
      const text = buffer.toString('utf8');
      const lines = text.split('\n').filter((line) => line.trim() !== '');
      if (lines.length === 0) continue;
      const torn = !text.endsWith('\n') || !parseRecord(lines.at(-1)!).ok;
      for (const line of lines.reverse()) {
        const parsed = parseRecord(line);
        if (parsed.ok) return { record: parsed.record, torn };
      }
      return { record: null, torn };
    } finally {
      await handle.close();
    }
  }
  return { record: null, torn: false };
}

/** Appends `text` to `path` (mode 0600) and waits until it is on disk. */
export async function appendLine(path: string, text: string): Promise<void> {
  const handle = await open(path, 'a', 0o600);
  try {
    await handle.appendFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}
