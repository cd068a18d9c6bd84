import type { SOURCE_NOTE_KINDS } from '../schemas.ts';

/** What a note section collects, used by the rule-based writer. */
export type SectionRole =
  | 'CHIEF_COMPLAINT'
  | 'HPI'
  | 'HISTORY'
  | 'MEDICATIONS'
  | 'ALLERGIES'
  | 'VITALS'
  | 'EXAM'
  | 'ASSESSMENT'
  | 'PLAN'
  | 'ASSESSMENT_AND_PLAN'
  | 'SUBJECTIVE'
  | 'OBJECTIVE';

/** One section of a template. */
export interface TemplateSection {
  key: string;
  role: SectionRole;
  title: { en: string; fr: string };
}

/** A note template as the service knows it. */
export interface Template {
  key: string;
  title: { en: string; fr: string };
  description: { en: string; fr: string };
  sections: TemplateSection[];
  supportedSourceKinds: (typeof SOURCE_NOTE_KINDS)[number][];
}

const s = (key: string, role: SectionRole, en: string, fr: string): TemplateSection => ({
  key,
  role,
  title: { en, fr },
});

/** Templates offered to every organization and user of the local service. */
export const TEMPLATES: readonly Template[] = [
  {
    key: 'GENERIC_MULTIPLE_SECTIONS',
    title: { en: 'Multiple sections', fr: 'Sections multiples' },
    description: {
      en: 'General visit note with a merged assessment and plan',
      fr: 'Note de consultation générale',
    },
    sections: [
      s('CHIEF_COMPLAINT', 'CHIEF_COMPLAINT', 'Chief complaint', 'Motif de consultation'),
      s('HISTORY_OF_PRESENT_ILLNESS', 'HPI', 'History of present illness', 'Histoire de la maladie'),
      s('PAST_MEDICAL_HISTORY', 'HISTORY', 'Past medical history', 'Antécédents'),
      s('CURRENT_MEDICATIONS', 'MEDICATIONS', 'Current medications', 'Traitements en cours'),
      s('ALLERGIES', 'ALLERGIES', 'Allergies', 'Allergies'),
      s('VITALS', 'VITALS', 'Vitals', 'Constantes'),
      s('PHYSICAL_EXAM', 'EXAM', 'Physical exam', 'Examen clinique'),
      s('ASSESSMENT_AND_PLAN', 'ASSESSMENT_AND_PLAN', 'Assessment and plan', 'Évaluation et plan'),
    ],
    supportedSourceKinds: ['ASSESSMENT_AND_PLAN'],
  },
  {
    key: 'SOAP',
    title: { en: 'SOAP', fr: 'SOAP' },
    description: {
      en: 'Subjective, objective, assessment, plan',
      fr: 'Subjectif, objectif, évaluation, plan',
    },
    sections: [
      s('SUBJECTIVE', 'SUBJECTIVE', 'Subjective', 'Subjectif'),
      s('OBJECTIVE', 'OBJECTIVE', 'Objective', 'Objectif'),
      s('ASSESSMENT', 'ASSESSMENT', 'Assessment', 'Évaluation'),
      s('PLAN', 'PLAN', 'Plan', 'Plan'),
    ],
    supportedSourceKinds: ['ASSESSMENT', 'PLAN'],
  },
  {
    key: 'GENERAL_MEDICINE_EMERGENCY',
    title: { en: 'Emergency visit', fr: 'Passage aux urgences' },
    description: { en: 'Emergency department note', fr: 'Note de passage aux urgences' },
    sections: [
      s('CHIEF_COMPLAINT', 'CHIEF_COMPLAINT', 'Chief complaint', 'Motif de consultation'),
      s('HISTORY_OF_PRESENT_ILLNESS', 'HPI', 'History of present illness', 'Histoire de la maladie'),
      s('VITALS', 'VITALS', 'Vitals', 'Constantes'),
      s('PHYSICAL_EXAM', 'EXAM', 'Physical exam', 'Examen clinique'),
      s('ASSESSMENT', 'ASSESSMENT', 'Assessment', 'Évaluation'),
      s('PLAN', 'PLAN', 'Plan', 'Plan'),
    ],
    supportedSourceKinds: ['ASSESSMENT', 'PLAN'],
  },
];

/** The default template (contract: GENERIC_MULTIPLE_SECTIONS). */
export const DEFAULT_TEMPLATE_KEY = 'GENERIC_MULTIPLE_SECTIONS';

/** A template by key, or undefined. */
export function findTemplate(key: string): Template | undefined {
  return TEMPLATES.find((template) => template.key === key);
}

/** Whether a template has a merged Assessment and Plan section (the only place SUBSECTIONS may go). */
export function hasMergedAssessmentAndPlan(template: Template): boolean {
  return template.sections.some((section) => section.role === 'ASSESSMENT_AND_PLAN');
}

function lang(locale: string): 'en' | 'fr' {
  return locale === 'FRENCH_FR' ? 'fr' : 'en';
}

/** A section title in a note locale. */
export function sectionTitle(section: TemplateSection, locale: string): string {
  return section.title[lang(locale)];
}

/** The list item `{key, title, description}`. */
export function templateSummary(template: Template, locale: string) {
  return {
    key: template.key,
    title: template.title[lang(locale)],
    description: template.description[lang(locale)],
  };
}

/** The template detail answer. */
export function templateDetail(template: Template, locale: string) {
  return {
    template_key: template.key,
    title: template.title[lang(locale)],
    description: template.description[lang(locale)],
    locale,
    sections: template.sections.map((section) => ({
      key: section.key,
      title: sectionTitle(section, locale),
      content_type: section.role === 'ASSESSMENT_AND_PLAN' ? 'SUBSECTIONS' : 'TEXT',
    })),
    supported_source_note_section_kinds: template.supportedSourceKinds,
  };
}
