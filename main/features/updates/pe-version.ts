/**
 * The version a Windows installer carries in its own bytes: the PE's version resource (VS_VERSIONINFO), which
 * electron-builder's NSIS script fills from package.json (`ProductVersion` "1.2.3", VIProductVersion
 * 1.2.3.0). Plain Node over a Buffer: the PE headers, the section table, the resource tree (RT_VERSION), then
 * the `ProductVersion` string, or the fixed product version when there is no string. Null when the file is
 * not a PE or has no readable version resource.
 */

const RT_VERSION = 16;
const FIXED_SIGNATURE = 0xfeef04bd;

interface Section {
  readonly va: number;
  readonly size: number;
  readonly raw: number;
}

/** The installer's embedded product version, or null when it has none that can be read. */
export function readPeVersion(bytes: Buffer): string | null {
  try {
    const data = versionResource(bytes);
    return data ? (productVersionString(data) ?? fixedProductVersion(data)) : null;
  } catch {
    return null; // a truncated or malformed file: read past its end
  }
}

function versionResource(bytes: Buffer): Buffer | null {
  if (bytes.readUInt16LE(0) !== 0x5a4d) return null; // "MZ"
  const pe = bytes.readUInt32LE(0x3c);
  if (bytes.readUInt32LE(pe) !== 0x00004550) return null; // "PE\0\0"
  const sectionCount = bytes.readUInt16LE(pe + 6);
  const optionalSize = bytes.readUInt16LE(pe + 20);
  const optional = pe + 24;
  const magic = bytes.readUInt16LE(optional);
  const directories = optional + (magic === 0x20b ? 112 : magic === 0x10b ? 96 : NaN);
  if (Number.isNaN(directories)) return null;
  const rsrcRva = bytes.readUInt32LE(directories + 2 * 8);
  if (rsrcRva === 0) return null;
  const sections: Section[] = [];
  for (let i = 0, at = optional + optionalSize; i < sectionCount; i++, at += 40) {
    sections.push({
      va: bytes.readUInt32LE(at + 12),
      size: Math.max(bytes.readUInt32LE(at + 8), bytes.readUInt32LE(at + 16)),
      raw: bytes.readUInt32LE(at + 20),
    });
  }
  const offsetOf = (rva: number): number | null => {
    const s = sections.find((section) => rva >= section.va && rva < section.va + section.size);
    return s ? rva - s.va + s.raw : null;
  };
  const root = offsetOf(rsrcRva);
  if (root === null) return null;
  // Three levels: type (RT_VERSION), name (the first), language (the first).
  let entry = findEntry(bytes, root, RT_VERSION);
  for (let level = 0; level < 2 && entry !== null; level++) {
    if (!(entry & 0x80000000)) return null;
    entry = findEntry(bytes, root + (entry & 0x7fffffff), null);
  }
  if (entry === null || entry & 0x80000000) return null;
  const dataRva = bytes.readUInt32LE(root + entry);
  const dataSize = bytes.readUInt32LE(root + entry + 4);
  const start = offsetOf(dataRva);
  if (start === null || start + dataSize > bytes.length) return null;
  return bytes.subarray(start, start + dataSize);
}

/** The OffsetToData of the directory entry with this id (or the first entry), or null. */
function findEntry(bytes: Buffer, directory: number, id: number | null): number | null {
  const count = bytes.readUInt16LE(directory + 12) + bytes.readUInt16LE(directory + 14);
  for (let i = 0; i < count; i++) {
    const at = directory + 16 + i * 8;
    const name = bytes.readUInt32LE(at);
    if (id === null || (!(name & 0x80000000) && name === id)) return bytes.readUInt32LE(at + 4);
  }
  return null;
}

/** The `ProductVersion` String of the StringFileInfo: its key, padding to 32 bits, then its value. */
function productVersionString(data: Buffer): string | null {
  const key = Buffer.from('ProductVersion\0', 'utf16le');
  const at = data.indexOf(key);
  if (at < 6) return null;
  const valueLength = data.readUInt16LE(at - 4); // in WCHARs, with the terminating NUL
  let value = at + key.length;
  value += (4 - (value % 4)) % 4;
  const text = data.subarray(value, value + valueLength * 2).toString('utf16le');
  const version = text.split('\0')[0]!.trim();
  return version || null;
}

/** VS_FIXEDFILEINFO's product version, as major.minor.patch (NSIS's fourth part is always 0). */
function fixedProductVersion(data: Buffer): string | null {
  const signature = Buffer.alloc(4);
  signature.writeUInt32LE(FIXED_SIGNATURE);
  const at = data.indexOf(signature);
  if (at < 0) return null;
  const ms = data.readUInt32LE(at + 16);
  const ls = data.readUInt32LE(at + 20);
  return `${ms >>> 16}.${ms & 0xffff}.${ls >>> 16}`;
}
