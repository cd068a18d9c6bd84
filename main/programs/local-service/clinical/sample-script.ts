/**
 * The sample visit's pre-written answers (the demo bundle, demo.ts): what the real service would write for
 * the bundled conversation (sample/visit.wav), so a clinician trying the sample sees a note that reads like
 * one — rewritten sentences per section, a plan with orders, a problem per code — and instructions in real
 * Spanish and French. This double's rule-based writer answers everything else (its notes keep speaker labels
 * so tests can follow content). Written by hand for this one conversation; never a translator.
 */
import type { SectionRole } from './templates.ts';
import { FRENCH_NOTE, FRENCH_ORDERS } from './sample-script-fr.ts';

/** The note the script writes in one language. */
export interface ScriptNote {
  readonly title: string;
  /** Each section's text by its role; a role left out stays empty. */
  readonly sections: Partial<Record<SectionRole, string>>;
  /** The merged Assessment & Plan: one problem per subsection. */
  readonly problems: readonly { readonly title: string; readonly text: string }[];
  /** The plan's sentences, in the order the note gives them (patient instructions are written from these). */
  readonly plan: readonly string[];
}

/** The answers for one known conversation. */
export interface SampleScript {
  /** The conversation the script answers, sentence by sentence, as transcribed. */
  readonly transcript: readonly string[];
  /** The note in each note locale's language the script writes: English, and French (FRENCH_FR). */
  readonly notes: Readonly<Record<'en' | 'fr', ScriptNote>>;
  /**
   * The French note's suggested orders, as the service would give them for it (the double's rules read English
   * plans only): the English note's five orders, described in French; categories and codes the same.
   */
  readonly frenchOrders: readonly Record<string, unknown>[];
  /** Patient instructions (recipient PATIENT) by language: en, es, fr. */
  readonly instructions: Readonly<Record<'en' | 'es' | 'fr', string>>;
}

const PLAN = [
  'Order an ECG today.',
  'Order a lipid panel.',
  'Order a chest x-ray.',
  'Start aspirin 81 mg daily.',
  'Refer to cardiology for stress testing.',
  'Return to the emergency department at once if the pain comes at rest or lasts more than 15 minutes.',
  'Follow up in two weeks to recheck blood pressure.',
];

const ASSESSMENT = {
  chest:
    'Exertional chest pain for three days with shortness of breath, concerning for stable angina; an acute coronary syndrome is not excluded.',
  breath: 'Shortness of breath on exertion, accompanying the chest pain; none reported at rest.',
  pressure: 'Blood pressure 140/90 mmHg today, with no prior diagnosis.',
};

/** The note in English. */
const ENGLISH_NOTE: ScriptNote = {
  title: 'Visit for chest pain',
  sections: {
    CHIEF_COMPLAINT: 'Three days of chest pain, worse with exertion.',
    HPI: 'Three days of chest pain that worsens with exertion, such as climbing stairs, with shortness of breath.',
    SUBJECTIVE:
      'Chest pain for three days that worsens with exertion, such as climbing stairs, with shortness of breath.',
    VITALS: 'Blood pressure 140/90 mmHg.',
    OBJECTIVE: 'Blood pressure 140/90 mmHg.',
    ASSESSMENT: [
      `1. Chest pain: ${ASSESSMENT.chest}`,
      `2. Shortness of breath: ${ASSESSMENT.breath}`,
      `3. Elevated blood pressure: ${ASSESSMENT.pressure}`,
    ].join('\n'),
    PLAN: PLAN.map((line) => `- ${line}`).join('\n'),
  },
  problems: [
    { title: 'Chest pain', text: [ASSESSMENT.chest, ...PLAN.slice(0, 6)].join(' ') },
    { title: 'Shortness of breath', text: `${ASSESSMENT.breath} Assessed together with the chest pain.` },
    { title: 'Elevated blood pressure', text: `${ASSESSMENT.pressure} ${PLAN[6]}` },
  ],
  plan: PLAN,
};

/**
 * The patient instructions, written for the English plan, in each language; `{emergency}` is the emergency
 * number of the instructions locale's country (scripted.ts: 112 in Spain, 911 in Mexico and the US).
 */
const INSTRUCTIONS: SampleScript['instructions'] = {
  en: [
    'Here is what we agreed on today:',
    '- Today you will have a heart tracing (ECG), a blood test for cholesterol and a chest x-ray.',
    '- Take one 81 mg aspirin every day, starting today.',
    '- We are sending you to a heart specialist (cardiology) for a stress test.',
    '- Come back in two weeks so we can check your blood pressure again.',
    '- Call {emergency} or go to the emergency department if the chest pain comes while you are resting, lasts more than 15 minutes, or comes with sweating or fainting.',
  ].join('\n'),
  es: [
    'Esto es lo que acordamos hoy:',
    '- Hoy le haremos un electrocardiograma, un análisis de sangre para el colesterol y una radiografía de tórax.',
    '- Tome una aspirina de 81 mg todos los días, a partir de hoy.',
    '- Lo enviamos con un especialista del corazón (cardiología) para una prueba de esfuerzo.',
    '- Vuelva en dos semanas para revisar de nuevo su presión arterial.',
    '- Llame al {emergency} o vaya a urgencias si el dolor de pecho aparece mientras descansa, dura más de 15 minutos o viene con sudor o desmayo.',
  ].join('\n'),
  fr: [
    'Voici ce que nous avons convenu aujourd’hui :',
    '- Aujourd’hui, vous aurez un électrocardiogramme, une prise de sang pour le cholestérol et une radiographie du thorax.',
    '- Prenez un comprimé d’aspirine de 81 mg chaque jour, à partir d’aujourd’hui.',
    '- Nous vous adressons à un cardiologue pour une épreuve d’effort.',
    '- Revenez dans deux semaines pour que nous recontrôlions votre tension artérielle.',
    '- Appelez le {emergency} ou allez aux urgences si la douleur dans la poitrine survient au repos, dure plus de 15 minutes, ou s’accompagne de sueurs ou d’un malaise.',
  ].join('\n'),
};

/** The sample visit (sample/visit.wav): chest pain on exertion, shortness of breath, a high reading. */
export const SAMPLE_VISIT_SCRIPT: SampleScript = {
  transcript: [
    'What brings you in today?',
    'I have had chest pain for three days.',
    'Does it get worse when you climb stairs?',
    'Yes, and I feel short of breath.',
    'Your blood pressure is one forty over ninety.',
  ],
  notes: { en: ENGLISH_NOTE, fr: FRENCH_NOTE },
  frenchOrders: FRENCH_ORDERS,
  instructions: INSTRUCTIONS,
};
