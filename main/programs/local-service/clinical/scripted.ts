/**
 * Answers from a sample script (sample-script.ts) where the request is the script's own conversation, note
 * or instructions, untouched; null otherwise, and the rule-based writer answers. Only the demo service
 * (demo.ts) has a script: the tests' service has none, so every rule the double enforces stays the same.
 */
import type { Note, SectionContent } from '../schemas.ts';
import { actionableLines, languageOf, withDisclaimer } from './instructions.ts';
import type { SampleScript, ScriptNote } from './sample-script.ts';
import { findTemplate, sectionTitle, type Template } from './templates.ts';
import { normalizedData } from './coding.ts';

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

/** The script's note in the language of a note locale it writes (English or French), or null. */
export function noteIn(script: SampleScript, locale: string): ScriptNote | null {
  if (locale.startsWith('ENGLISH_')) return script.notes.en;
  return locale === 'FRENCH_FR' ? script.notes.fr : null;
}

/**
 * The script's note for a request that is exactly its conversation (nothing else given), in English or in
 * French as the request's note locale says; else null.
 */
export function scriptedNote(
  script: SampleScript | null,
  request: ScriptableRequest,
  template: Template,
  locale: string,
): Note | null {
  const written = script ? noteIn(script, locale) : null;
  if (!script || !written) return null;
  if (request.current_note || request.unstructured_context || request.structured_context?.source_note)
    return null;
  return isScriptConversation(script, request) ? noteFrom(written, template, locale) : null;
}

/** Whether a request's transcript is the script's conversation (punctuation and case aside). */
export function isScriptConversation(script: SampleScript, request: ScriptableRequest): boolean {
  const said = request.transcript_items.map((item) => plain(item.text)).join(' ');
  return said === script.transcript.map(plain).join(' ');
}

/** A script note laid out on a template's sections. */
export function noteFrom(script: ScriptNote, template: Template, locale: string): Note {
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

/** A text's sentences, list markers ("- ", "1. ") and line breaks aside: what it says, not how it is laid out. */
function sentencesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim().replace(/^(?:[-•*]|\d+[.)])\s*/, ''))
    .flatMap((line) => line.match(/[^.!?]+[.!?]*/g) ?? [])
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/** What each section of a note says, in order, whatever its layout (bullets, a numbered list, one paragraph). */
function wordingOf(sections: Note['sections']): string {
  return JSON.stringify(
    sections.map(({ key, content }) =>
      content.type === 'TEXT'
        ? [key, sentencesOf(content.text)]
        : [key, content.subsections.map((sub) => [sub.title, sentencesOf(sub.text)])],
    ),
  );
}

/**
 * Whether a note is the script's French note, its wording untouched (every section says what the script
 * wrote, laid out as written or as a list, as the Note screen's example instruction makes it): only then do
 * its codes, orders and instructions come from the script, since the double's rules read English only. A
 * layout is not what a visit is coded from, so the French note has the English note's level either way.
 */
function isFrenchScriptNote(script: SampleScript, note: Note): boolean {
  const template = findTemplate(note.template_key);
  if (!template || note.locale !== 'FRENCH_FR') return false;
  const written = noteFrom(script.notes.fr, template, note.locale).sections;
  return wordingOf(note.sections) === wordingOf(written);
}

/** Codes of the script's French note: the English note's on the same template (a code has no language). */
export function scriptedNormalizedData(
  script: SampleScript | null,
  note: Note,
  encounterDiagnoses: Parameters<typeof normalizedData>[1],
): ReturnType<typeof normalizedData> | null {
  if (!script || !isFrenchScriptNote(script, note)) return null;
  const english = noteFrom(script.notes.en, findTemplate(note.template_key)!, 'ENGLISH_US');
  return normalizedData(english, encounterDiagnoses);
}

/**
 * The note an E/M level is read from: for the script's French note, the English note on the same template
 * (the double's rules read English only, and a visit's level does not change with the note's language).
 */
export function scriptedEmNote(script: SampleScript | null, note: Note): Note | null {
  if (!script || !isFrenchScriptNote(script, note)) return null;
  return noteFrom(script.notes.en, findTemplate(note.template_key)!, 'ENGLISH_US');
}

/** Suggested orders of the script's French note (its five, in French). */
export function scriptedOrders(script: SampleScript | null, note: Note) {
  if (!script || !isFrenchScriptNote(script, note)) return null;
  return { suggested_orders: script.frenchOrders.map((order) => ({ ...order })) };
}

/**
 * The number a patient is told to call in an emergency, by the country of a locale (SPANISH_ES → 112,
 * SPANISH_MX → 911, FRENCH_FR → 15, the SAMU), else 112 (the European number, also answered on most
 * mobile networks elsewhere).
 */
function emergencyNumber(locale: string): string {
  const country = locale.split('_')[1] ?? '';
  const numbers: Record<string, string> = { US: '911', MX: '911', CA: '911', UK: '999', FR: '15', AU: '000' };
  return numbers[country] ?? '112';
}

/** The script's instructions for a locale (en, es or fr): its emergency number filled in. */
export function scriptInstructions(script: SampleScript, locale: string): string {
  const lang = languageOf(locale) as 'en' | 'es' | 'fr';
  return script.instructions[lang].replace('{emergency}', emergencyNumber(locale));
}

/** The plan sentences of a note, as instructions are written from them (bullets and labels aside). */
function planOf(note: Note): string[] {
  return actionableLines(note)
    .map((line) => line.replace(/^[-\s]+/, '').trim())
    .sort();
}

/**
 * The script's instructions, in English, Spanish or French, when the note's plan is still the English
 * script's, or the note is the French script's, untouched.
 */
export function scriptedInstructions(
  script: SampleScript | null,
  note: Note,
  locale: string,
  recipient: 'PATIENT' | 'PARENT',
): string | null {
  if (!script || recipient !== 'PATIENT') return null;
  const lang = languageOf(locale);
  if (lang !== 'en' && lang !== 'es' && lang !== 'fr') return null;
  if (isFrenchScriptNote(script, note)) return scriptInstructions(script, locale);
  const plan = planOf(note);
  const expected = [...script.notes.en.plan].sort();
  if (plan.length !== expected.length || plan.some((line, i) => line !== expected[i])) return null;
  return scriptInstructions(script, locale);
}

/** The script's instructions in another of its languages when the text is one of its own, untouched. */
export function scriptedTranslation(
  script: SampleScript | null,
  instructions: string,
  newLocale: string,
): string | null {
  if (!script) return null;
  const own = Object.values(script.instructions).map((text) => text.split('{emergency}'));
  const given = instructions.trim();
  // One of its own, whatever country's emergency number it was written with.
  const mine = own.some(([before, after]) => {
    const number = given.slice(before!.length, given.length - (after ?? '').length);
    return given.startsWith(before!) && given.endsWith(after ?? '') && /^\d{2,3}$/.test(number);
  });
  const lang = languageOf(newLocale);
  if (!mine || (lang !== 'en' && lang !== 'es' && lang !== 'fr')) return null;
  return withDisclaimer(scriptInstructions(script, newLocale), newLocale);
}
