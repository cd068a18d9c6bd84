import { afterEach, describe, expect, it } from 'vitest';
import type { SectionContent } from '../../../preload/contract/index.ts';
import { LOCALES, orderCopyNames, useLocale } from '../../../preload/words/index.ts';
import { noteLanguageMissing, startingNoteLocale } from '../../../renderer/lib/state/note-rules.ts';
import {
  sectionHeading,
  sectionIsEmpty,
  untitledSectionNames,
} from '../../../renderer/lib/state/note-section.ts';

describe('a note section', () => {
  it('is empty when every title and text is blank; an unsupported format is never empty', () => {
    expect(sectionIsEmpty({ type: 'TEXT', text: '  \n' })).toBe(true);
    expect(sectionIsEmpty({ type: 'SUBSECTIONS', subsections: [] })).toBe(true);
    const titled: SectionContent = {
      type: 'SUBSECTIONS',
      subsections: [{ id: 'a', title: 'Cough', text: '' }],
    };
    expect(sectionIsEmpty(titled)).toBe(false);
    expect(sectionIsEmpty({ type: 'UNSUPPORTED', originalType: 'TABLE' })).toBe(false);
  });
});

describe('headings the window names (issue 19: a French window shows no English of main’s)', () => {
  afterEach(() => useLocale('en'));

  it('heads an untitled section with its key’s title in the window’s language, a titled one as the service wrote it', () => {
    useLocale('fr');
    expect(sectionHeading({ key: 'PHYSICAL_EXAM', title: null })).toBe('Examen clinique');
    expect(sectionHeading({ key: 'PLAN', title: 'Conduite à tenir' })).toBe('Conduite à tenir');
    expect(sectionHeading({ key: 'WOUND_CARE', title: null })).toBe('Wound care');
    expect(
      untitledSectionNames([
        { key: 'VITALS', title: null },
        { key: 'PLAN', title: 'Plan' },
      ]),
    ).toEqual({ VITALS: 'Constantes' });
    useLocale('es');
    expect(sectionHeading({ key: 'PHYSICAL_EXAM', title: null })).toBe('Exploración física');
  });

  it('names the order categories shown for a copy of all orders, unknown ones from their words', () => {
    useLocale('fr');
    const orders = {
      categories: [
        { category: 'IMAGING_STUDY', orders: [] },
        { category: 'GENETIC_TEST', orders: [] },
      ],
    };
    expect(orderCopyNames(orders)).toEqual({ IMAGING_STUDY: 'Imagerie', GENETIC_TEST: 'Genetic test' });
  });
});

describe('the note language to start from', () => {
  const templates = (defaultLocale: string | null) => ({
    templates: [],
    defaultKey: null,
    noteLocales: ['ENGLISH_US', 'ENGLISH_UK', 'FRENCH_FR'],
    defaultLocale,
  });
  it('is the settings’ (or IT’s) language, else the window’s where notes are written in it, else ENGLISH_US', () => {
    expect(startingNoteLocale(templates('ENGLISH_UK'), 'fr')).toBe('ENGLISH_UK');
    expect(startingNoteLocale(templates(null), 'fr')).toBe('FRENCH_FR');
    // No Spanish note locale: the service writes notes in English or French only (public facts).
    expect(startingNoteLocale(templates(null), 'es')).toBe('ENGLISH_US');
    expect(startingNoteLocale(templates(null), 'en')).toBe('ENGLISH_US');
    expect(startingNoteLocale(null, 'fr')).toBe('ENGLISH_US');
  });

  it('tells a Spanish window why its note is in English, in Spanish, and says nothing where notes are written', () => {
    const offered = templates(null);
    expect(noteLanguageMissing(offered, 'es')).toBe(true);
    expect(noteLanguageMissing(offered, 'fr')).toBe(false);
    expect(noteLanguageMissing(offered, 'en')).toBe(false);
    // Before the service said which languages it writes, nothing is claimed.
    expect(noteLanguageMissing(null, 'es')).toBe(false);
    expect(noteLanguageMissing({ ...offered, noteLocales: ['ENGLISH_US'] }, 'fr')).toBe(true);
    expect(LOCALES.es.ui.noteLanguage.notOffered(LOCALES.es.languageName('ENGLISH_US'))).toBe(
      'El servicio no redacta notas en español, así que esta nota se escribirá en inglés (Estados Unidos). ' +
        'Las indicaciones para el paciente sí pueden estar en español (en Códigos y más).',
    );
    expect(LOCALES.fr.ui.noteLanguage.notOffered(LOCALES.fr.languageName('ENGLISH_US'))).toContain(
      'Le service ne rédige pas de notes en français : cette note sera donc rédigée en anglais (États-Unis).',
    );
  });
});
