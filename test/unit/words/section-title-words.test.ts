/**
 * Settings' note sections cross IPC as keys and the window names them in its language (issue 19): the
 * contract's section keys have titles in every language, and a key the table lacks reads as its words.
 */
import { describe, expect, it } from 'vitest';
import { CustomizationSchema } from '../../../preload/contract/dto-settings.ts';
import { LOCALES } from '../../../preload/words/index.ts';

describe('note section titles', () => {
  it('names the contract’s section keys in each language', () => {
    expect(LOCALES.en.sectionTitle('CHIEF_COMPLAINT')).toBe('Chief complaint');
    expect(LOCALES.fr.sectionTitle('CHIEF_COMPLAINT')).toBe('Motif de consultation');
    expect(LOCALES.es.sectionTitle('CHIEF_COMPLAINT')).toBe('Motivo de consulta');
    expect(LOCALES.fr.sectionTitle('ASSESSMENT_AND_PLAN')).toBe('Évaluation et plan');
  });

  it('reads a key it does not know from its words, never the raw key', () => {
    expect(LOCALES.fr.sectionTitle('WOUND_CARE_NOTES')).toBe('Wound care notes');
    expect(LOCALES.es.sectionTitle('HPI_EXTRA')).toBe('HPI extra');
  });

  it('sends a section by its key only: a title put beside it is not carried to the window', () => {
    const parsed = CustomizationSchema.parse({
      templateKey: 'SOAP',
      templateInstruction: '',
      sections: [{ key: 'PLAN', title: 'Plan', style: 'AUTO', instruction: '' }],
    });
    expect(parsed.sections[0]).toEqual({ key: 'PLAN', style: 'AUTO', instruction: '' });
  });
});
