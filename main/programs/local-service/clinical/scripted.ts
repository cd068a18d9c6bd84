/**
 * Answers from a sample script (sample-script.ts) where the request is the script's own conversation, note
 * or instructions, untouched; null otherwise, and the rule-based writer answers. Only the demo service
 * (demo.ts) has a script: the tests' service has none, so every rule the double enforces stays the same.
 */
import type { Note, SectionContent } from '../schemas.ts';
import { actionableLines, languageOf, withDisclaimer } from './instructions.ts';
import type { SampleScript } from './sample-script.ts';
import { sectionTitle, type Template } from './templates.ts';

/** What of a note request decides whether the script answers it. */
export interface ScriptableRequest {
  readonly transcript_items: readonly { readonly text: string }[];
  readonly current_note?: unknown;
  readonly unstructured_context?: unknown;
  readonly structured_context?: { readonly source_note?: unknown };
}

/** Lower case, letters and digits only: "Yes, and I feel…" and "yes and i feel" are the same sentence. */
function plain(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The script's note for a request that is exactly its conversation (English, nothing else given); else null. */
export function scriptedNote(
  script: SampleScript | null,
  request: ScriptableRequest,
  template: Template,
  locale: string,
): Note | null {
  if (!script || !locale.startsWith('ENGLISH_')) return null;
  if (request.current_note || request.unstructured_context || request.structured_context?.source_note)
    return null;
  const said = request.transcript_items.map((item) => plain(item.text)).join(' ');
  if (said !== script.transcript.map(plain).join(' ')) return null;
  const sections = template.sections.map((section) => {
    const content: SectionContent =
      section.role === 'ASSESSMENT_AND_PLAN'
        ? {
            type: 'SUBSECTIONS',
            subsections: script.problems.map((p, i) => ({ id: `problem-${i + 1}`, ...p })),
          }
        : { type: 'TEXT', text: script.sections[section.role] ?? '' };
    return { key: section.key, title: sectionTitle(section, locale), content };
  });
  return { title: script.title, locale: locale as Note['locale'], template_key: template.key, sections };
}

/** The plan sentences of a note, as instructions are written from them (bullets and labels aside). */
function planOf(note: Note): string[] {
  return actionableLines(note)
    .map((line) => line.replace(/^[-\s]+/, '').trim())
    .sort();
}

/** The script's instructions when the note's plan is still the script's, in English, Spanish or French. */
export function scriptedInstructions(
  script: SampleScript | null,
  note: Note,
  locale: string,
  recipient: 'PATIENT' | 'PARENT',
): string | null {
  if (!script || recipient !== 'PATIENT') return null;
  const lang = languageOf(locale);
  if (lang !== 'en' && lang !== 'es' && lang !== 'fr') return null;
  const plan = planOf(note);
  const expected = [...script.plan].sort();
  if (plan.length !== expected.length || plan.some((line, i) => line !== expected[i])) return null;
  return script.instructions[lang];
}

/** The script's instructions in another of its languages when the text is one of its own, untouched. */
export function scriptedTranslation(
  script: SampleScript | null,
  instructions: string,
  newLocale: string,
): string | null {
  if (!script || !Object.values(script.instructions).includes(instructions.trim())) return null;
  const lang = languageOf(newLocale);
  if (lang !== 'en' && lang !== 'es' && lang !== 'fr') return null;
  return withDisclaimer(script.instructions[lang], newLocale);
}
