import { isActionable, sentences } from './recognition.ts';
import type { Note } from '../schemas.ts';
import { translateLine } from './phrasebook.ts';

const GREETING: Record<string, Record<'PATIENT' | 'PARENT', string>> = {
  en: {
    PATIENT: 'Here is what we agreed on today:',
    PARENT: 'Here is what we agreed on today for your child:',
  },
  fr: {
    PATIENT: "Voici ce que nous avons convenu aujourd'hui :",
    PARENT: "Voici ce que nous avons convenu aujourd'hui pour votre enfant :",
  },
  es: { PATIENT: 'Esto es lo que acordamos hoy:', PARENT: 'Esto es lo que acordamos hoy para su hijo:' },
  de: { PATIENT: 'Das haben wir heute besprochen:', PARENT: 'Das haben wir heute für Ihr Kind besprochen:' },
  it: {
    PATIENT: 'Ecco cosa abbiamo concordato oggi:',
    PARENT: 'Ecco cosa abbiamo concordato oggi per suo figlio:',
  },
  pt: { PATIENT: 'Eis o que combinámos hoje:', PARENT: 'Eis o que combinámos hoje para o seu filho:' },
};

const DISCLAIMER: Record<string, string> = {
  en: 'This text was translated automatically. Ask your care team if anything is unclear.',
  fr: "Ce texte a été traduit automatiquement. Demandez à votre équipe soignante si quelque chose n'est pas clair.",
  es: 'Este texto se tradujo automáticamente. Consulte a su equipo de atención si algo no está claro.',
  de: 'Dieser Text wurde maschinell übersetzt. Fragen Sie Ihr Behandlungsteam, wenn etwas unklar ist.',
  it: 'Questo testo è stato tradotto automaticamente. Chieda al suo team di cura se qualcosa non è chiaro.',
  pt: 'Este texto foi traduzido automaticamente. Pergunte à sua equipa de saúde se algo não estiver claro.',
};

/** ENGLISH_US -> en, SPANISH_MX -> es, ... */
export function languageOf(locale: string): string {
  const prefix = locale.split('_')[0]!;
  return (
    { ENGLISH: 'en', FRENCH: 'fr', SPANISH: 'es', GERMAN: 'de', ITALIAN: 'it', PORTUGUESE: 'pt' }[prefix] ??
    'en'
  );
}

/** The plan lines of a note, without speaker labels; empty when nothing is actionable. */
export function actionableLines(note: Note): string[] {
  const texts = note.sections.flatMap((section) =>
    section.content.type === 'TEXT'
      ? [section.content.text]
      : section.content.subsections.map((sub) => sub.text),
  );
  return texts
    .filter((text) => isActionable(text))
    .flatMap((text) => sentences(text).filter((sentence) => isActionable(sentence)))
    .map((sentence) => sentence.replace(/^[-\s]*[\p{L} ]{1,20}:\s*/u, ''));
}

/** Patient-friendly instructions in a locale (the content stays as written; only framing is localized). */
export function writeInstructions(lines: string[], locale: string, recipient: 'PATIENT' | 'PARENT'): string {
  const greeting = GREETING[languageOf(locale)]![recipient];
  return [greeting, ...lines.map((text) => `- ${text}`)].join('\n');
}

/** The service's own greeting, in any language it writes, to the target language's greeting. */
function greetingIn(line: string, lang: string): string | null {
  for (const greetings of Object.values(GREETING)) {
    for (const recipient of ['PATIENT', 'PARENT'] as const) {
      if (greetings[recipient] === line.trim()) return (GREETING[lang] ?? GREETING.en!)[recipient];
    }
  }
  return null;
}

/**
 * Deterministic "machine translation": the service's greetings and the plan sentences its phrasebook
 * knows read in Spanish or French (phrasebook.ts); other lines stay as written. The text ends with the
 * machine-translation disclaimer in the target locale, which is how a reader sees it was translated.
 */
export function pseudoTranslate(instructions: string, newLocale: string): string {
  const lang = languageOf(newLocale);
  const lines = instructions
    .split('\n')
    .map((text) => (text.trim() ? (greetingIn(text, lang) ?? translateLine(text, lang)) : text));
  return withDisclaimer(lines.join('\n'), newLocale);
}

/** A translation as the service gives it: the text, then the machine-translation disclaimer in its language. */
export function withDisclaimer(text: string, locale: string): string {
  return `${text}\n\n${DISCLAIMER[languageOf(locale)]}`;
}
