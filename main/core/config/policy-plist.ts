/**
 * macOS managed preferences: the property list a configuration profile installs for the app's bundle id.
 * Its top-level keys are configuration keys; the profile's own `Payload*` bookkeeping keys are not.
 */
import plist from 'plist';

const BINARY_MAGIC = 'bplist';

/** The XML of a property list: as is, or converted (binary plists are what MDM usually writes). */
export async function plistToXml(
  bytes: Buffer,
  path: string,
  convertBinary: (path: string) => Promise<string>,
): Promise<string> {
  if (bytes.subarray(0, BINARY_MAGIC.length).toString('latin1') === BINARY_MAGIC) return convertBinary(path);
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

/** The settings of a managed-preferences plist, or why it is not one. */
export function parsePlistPolicy(
  xml: string,
):
  | { ok: true; values: Record<string, unknown> }
  | { ok: false; reason: string; kind: 'plist_invalid' | 'plist_not_dictionary' } {
  let parsed: unknown;
  try {
    parsed = plist.parse(xml);
  } catch {
    return { ok: false, reason: 'is not a valid property list', kind: 'plist_invalid' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || parsed instanceof Date)
    return { ok: false, reason: 'must be a dictionary of settings', kind: 'plist_not_dictionary' };
  const values = Object.fromEntries(Object.entries(parsed).filter(([key]) => !key.startsWith('Payload')));
  return { ok: true, values };
}
