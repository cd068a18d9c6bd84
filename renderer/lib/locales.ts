/** Readable names for service locale codes (ENGLISH_US → "English (US)"). */
const REGION_LABEL: Record<string, string> = {
  US: 'US',
  UK: 'UK',
  MX: 'Mexico',
  ES: 'Spain',
  FR: 'France',
  HT: 'Haiti',
};

/** A readable locale name; unknown shapes fall back to the code. */
export function localeName(code: string): string {
  const match = /^([A-Z]+)_([A-Z]{2})$/.exec(code);
  if (!match) return code;
  const language = match[1]!.charAt(0) + match[1]!.slice(1).toLowerCase();
  const region = REGION_LABEL[match[2]!] ?? match[2]!;
  return `${language} (${region})`;
}

/** SOME_CODE → "Some code". */
export function humanize(code: string): string {
  const words = code.replace(/_+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
