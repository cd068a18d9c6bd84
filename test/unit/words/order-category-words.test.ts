/**
 * Order categories and untitled note sections cross IPC as codes and the window names them in its language
 * (issue 19): every known code has a name in every language, an unknown one still reads as words (never the
 * raw code, never a crash), and main's DTOs carry no English heading of their own.
 */
import { describe, expect, it } from 'vitest';
import { NOTE_SECTION_KEYS, ORDER_CATEGORIES } from '../../../preload/contract/enums.ts';
import { LOCALES } from '../../../preload/words/index.ts';
import { toNoteDto, toOrdersDto } from '../../../main/features/note/mapping.ts';

const CATEGORY_NAMES = {
  en: {
    LABORATORY_TEST: 'Laboratory tests',
    IMAGING_STUDY: 'Imaging studies',
    MEDICATION: 'Medications',
    PROCEDURE: 'Procedures',
    REFERRAL: 'Referrals',
    IMMUNIZATION: 'Immunizations',
    DURABLE_MEDICAL_EQUIPMENT: 'Durable medical equipment',
  },
  fr: {
    LABORATORY_TEST: 'Examens biologiques',
    IMAGING_STUDY: 'Imagerie',
    MEDICATION: 'Médicaments',
    PROCEDURE: 'Actes et explorations',
    REFERRAL: 'Avis spécialisés',
    IMMUNIZATION: 'Vaccinations',
    DURABLE_MEDICAL_EQUIPMENT: 'Matériel médical',
  },
  es: {
    LABORATORY_TEST: 'Pruebas de laboratorio',
    IMAGING_STUDY: 'Estudios de imagen',
    MEDICATION: 'Medicamentos',
    PROCEDURE: 'Procedimientos',
    REFERRAL: 'Derivaciones',
    IMMUNIZATION: 'Vacunas',
    DURABLE_MEDICAL_EQUIPMENT: 'Material médico',
  },
} as const;

describe('order categories and untitled sections in the window’s language', () => {
  it.each(Object.entries(CATEGORY_NAMES))('names each known order category in %s', (tag, names) => {
    const locale = LOCALES[tag as keyof typeof LOCALES];
    expect(Object.keys(names).sort()).toEqual([...ORDER_CATEGORIES].sort());
    for (const code of ORDER_CATEGORIES) expect(locale.orderCategoryName(code)).toBe(names[code]);
  });

  it.each(Object.entries(LOCALES))('has a title for every known section key in %s', (_tag, locale) => {
    expect(Object.keys(locale.sectionTitles).sort()).toEqual([...NOTE_SECTION_KEYS].sort());
    for (const key of NOTE_SECTION_KEYS) {
      expect(locale.sectionTitle(key)).toBe(locale.sectionTitles[key]);
      expect(locale.sectionTitle(key)).not.toMatch(/_/);
    }
    expect(LOCALES.fr.sectionTitle('HISTORY_OF_PRESENT_ILLNESS')).toBe('Histoire de la maladie');
    expect(LOCALES.es.sectionTitle('PHYSICAL_EXAM')).toBe('Exploración física');
  });

  it('reads an unknown category or section from its words in every language', () => {
    for (const locale of Object.values(LOCALES)) {
      expect(locale.orderCategoryName('GENETIC_TEST')).toBe('Genetic test');
      expect(locale.orderCategoryName('')).toBe('');
      expect(locale.sectionTitle('WOUND_CARE')).toBe('Wound care');
    }
  });

  it('leaves the naming to the window: main sends codes, and null for a section the service left untitled', () => {
    const note = toNoteDto(
      {
        locale: 'FRENCH_FR',
        template_key: 'SOAP',
        sections: [
          { key: 'PLAN', content: { type: 'TEXT', text: 'x' } },
          { key: 'SUBJECTIVE', title: 'Subjectif', content: { type: 'TEXT', text: 'y' } },
        ],
      } as Parameters<typeof toNoteDto>[0],
      1,
    );
    expect(note.sections.map((s) => s.title)).toEqual([null, 'Subjectif']);
    const orders = toOrdersDto([{ category: 'IMAGING_STUDY', description: 'Chest x-ray' }]);
    expect(orders.categories).toEqual([
      {
        category: 'IMAGING_STUDY',
        orders: [{ description: 'Chest x-ray', details: null, medication: null }],
      },
    ]);
  });
});
