/**
 * Files people bring from other programs, read as text: a byte-order mark's UTF-16 (as Windows programs
 * such as Dragon write) or UTF-8, and RFC 4180 CSV. Shared by the Texts import and IT's vocabulary list.
 */

/** A file's bytes as text: UTF-16 by its byte-order mark (as Dragon writes), else UTF-8. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

/** RFC 4180 rows: quoted cells may hold commas, quotes ("") and line breaks. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === ',') endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endCell();
      rows.push(row);
      row = [];
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/**
 * The rows of a CSV whose header names `columns` (any order, case aside, other columns ignored), each as
 * those columns' cells ('' where a row is short); blank rows left out. Throws when a column is not named.
 */
export function csvTable<K extends string>(text: string, columns: readonly K[]): Record<K, string>[] {
  const [header, ...rows] = csvRows(text);
  const names = (header ?? []).map((h) => h.trim().toLowerCase());
  const at = columns.map((c) => names.indexOf(c));
  if (at.some((i) => i < 0)) throw new Error(`the CSV header must name ${columns.join(' and ')}`);
  return rows
    .filter((row) => row.some((cell) => cell.trim() !== ''))
    .map((row) => Object.fromEntries(columns.map((c, i) => [c, row[at[i]!] ?? ''])) as Record<K, string>);
}
