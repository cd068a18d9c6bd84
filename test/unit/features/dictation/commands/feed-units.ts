/** What the command tests share: units fed to a CommandFilter one by one, as DICTATED_TEXT appends them. */
import type { CommandFilter } from '../../../../../main/features/dictation/commands/command-filter.ts';

/** Feeds units one by one (each appended) and returns the last text, every command heard and the raw text. */
export function feed(filter: CommandFilter, units: string[]) {
  let raw = '';
  const heard = [];
  let text = '';
  for (const unit of units) {
    raw += unit;
    const out = filter.update(raw);
    heard.push(...out.heard);
    text = out.text;
  }
  return { text, heard, raw };
}
