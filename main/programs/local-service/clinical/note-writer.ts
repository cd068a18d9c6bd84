import type { Note, SectionContent, SourceNote } from '../schemas.ts';
import type { Finding, Speaker } from './recognition.ts';
import { recognize } from './recognition.ts';
import { sectionTitle, type SectionRole, type Template } from './templates.ts';

/** What the rule-based writer needs. */
export interface WriteNoteInput {
  template: Template;
  locale: string;
  findings: Finding[];
  sourceNote?: SourceNote;
  currentNote?: Note;
  /** Section key -> AUTO | PARAGRAPH | BULLET_POINTS. */
  styles?: ReadonlyMap<string, string>;
}

const LABELS: Record<'en' | 'fr', Record<Speaker, string>> = {
  en: { DOCTOR: 'Doctor', PATIENT: 'Patient', UNSPECIFIED: 'Speaker', CONTEXT: 'Context', DRAFT: 'Draft' },
  fr: {
    DOCTOR: 'Médecin',
    PATIENT: 'Patient',
    UNSPECIFIED: 'Intervenant',
    CONTEXT: 'Contexte',
    DRAFT: 'Brouillon',
  },
};

const ROLES_OF: Partial<Record<SectionRole, SectionRole[]>> = {
  SUBJECTIVE: ['HPI', 'HISTORY', 'MEDICATIONS', 'ALLERGIES'],
  OBJECTIVE: ['VITALS', 'EXAM'],
};

function lang(locale: string): 'en' | 'fr' {
  return locale === 'FRENCH_FR' ? 'fr' : 'en';
}

/** "Patient: I have had a headache." — speaker labels stay visible so tests can follow content. */
function line(finding: Finding, locale: string): string {
  return `${LABELS[lang(locale)][finding.speaker]}: ${finding.text}`;
}

function styled(lines: string[], style: string | undefined): string {
  if (style === 'BULLET_POINTS') return lines.map((text) => `- ${text}`).join('\n');
  if (style === 'PARAGRAPH') return lines.join(' ');
  return lines.join('\n');
}

function withRole(findings: Finding[], roles: SectionRole[]): Finding[] {
  return findings.filter((finding) => roles.some((role) => finding.roles.has(role)));
}

/** Adds the source note's sections of the given kinds as DRAFT findings. */
function draftFindings(sourceNote: SourceNote | undefined, kinds: string[]): Finding[] {
  const texts = (sourceNote?.sections ?? [])
    .filter((section) => kinds.includes(section.kind) && section.content.type === 'TEXT')
    .map((section) => ({
      speaker: 'DRAFT' as const,
      text: section.content.type === 'TEXT' ? section.content.text : '',
    }));
  return recognize(texts);
}

function textSection(role: SectionRole, input: WriteNoteInput): string[] {
  const { findings } = input;
  if (role === 'CHIEF_COMPLAINT') {
    const first =
      findings.find((f) => f.roles.has('HPI') && f.speaker === 'PATIENT') ??
      findings.find((f) => f.roles.has('HPI'));
    return first ? [line(first, input.locale)] : [];
  }
  const roles = ROLES_OF[role] ?? [role];
  const chosen = withRole(findings, roles).map((f) => line(f, input.locale));
  if (role === 'ASSESSMENT' || role === 'PLAN') {
    chosen.push(...draftFindings(input.sourceNote, [role]).map((f) => line(f, input.locale)));
  }
  return chosen;
}

/** Groups assessment and plan sentences by problem: a plan line joins the problem last mentioned. */
function assessmentAndPlan(input: WriteNoteInput, previous: SectionContent | undefined): SectionContent {
  const groups: { title: string; lines: string[] }[] = [];
  if (previous?.type === 'SUBSECTIONS')
    groups.push(...previous.subsections.map((s) => ({ title: s.title, lines: [s.text] })));
  const general = lang(input.locale) === 'fr' ? 'Général' : 'General';
  const group = (title: string) => {
    let found = groups.find((g) => g.title.toLowerCase() === title.toLowerCase());
    if (!found) groups.push((found = { title, lines: [] }));
    return found;
  };
  // Rewriting from a current note keeps its text and adds only what it does not already say.
  const add = (title: string, text: string) => {
    const target = group(title);
    if (!target.lines.some((existing) => existing.includes(text))) target.lines.push(text);
  };
  let current: string | undefined;
  const findings = [
    ...withRole(input.findings, ['ASSESSMENT', 'PLAN']),
    ...draftFindings(input.sourceNote, ['ASSESSMENT_AND_PLAN']),
  ];
  for (const finding of findings) {
    const titles = finding.conditions.map((condition) => condition.title);
    if (titles.length > 0) current = titles.at(-1);
    for (const title of titles.length > 0 ? titles : [current ?? general])
      add(title, line(finding, input.locale));
  }
  for (const section of input.sourceNote?.sections ?? []) {
    if (section.kind !== 'ASSESSMENT_AND_PLAN' || section.content.type !== 'SUBSECTIONS') continue;
    for (const sub of section.content.subsections)
      add(sub.title, `${LABELS[lang(input.locale)].DRAFT}: ${sub.text}`);
  }
  return {
    type: 'SUBSECTIONS',
    subsections: groups.map((g, index) => ({
      id: `problem-${index + 1}`,
      title: g.title,
      text: g.lines.join('\n'),
    })),
  };
}

/** Writes a note for a template from recognized findings. Deterministic: same input, same note. */
export function writeNote(input: WriteNoteInput): Note {
  const previous = new Map(
    (input.currentNote?.sections ?? []).map((section) => [section.key, section.content]),
  );
  const sections = input.template.sections.map((section) => {
    const before = previous.get(section.key);
    if (section.role === 'ASSESSMENT_AND_PLAN') {
      return {
        key: section.key,
        title: sectionTitle(section, input.locale),
        content: assessmentAndPlan(input, before),
      };
    }
    const kept = before?.type === 'TEXT' && before.text ? before.text : undefined;
    const fresh = textSection(section.role, input).filter((text) => !kept?.includes(text));
    const lines = [...(kept ? [kept] : []), ...fresh];
    const content: SectionContent = { type: 'TEXT', text: styled(lines, input.styles?.get(section.key)) };
    return { key: section.key, title: sectionTitle(section, input.locale), content };
  });
  const problem = input.findings.flatMap((finding) => finding.conditions)[0];
  const fr = lang(input.locale) === 'fr';
  const title = problem
    ? fr
      ? `Consultation : ${problem.title}`
      : `Visit for ${problem.title.toLowerCase()}`
    : fr
      ? 'Note de consultation'
      : 'Visit note';
  return { title, locale: input.locale as Note['locale'], template_key: input.template.key, sections };
}

/** All the text of a note, sections and subsections, for coding and instructions. */
export function noteText(note: Note): string {
  return note.sections
    .map((section) =>
      section.content.type === 'TEXT'
        ? section.content.text
        : section.content.subsections.map((sub) => `${sub.title}. ${sub.text}`).join('\n'),
    )
    .join('\n');
}
