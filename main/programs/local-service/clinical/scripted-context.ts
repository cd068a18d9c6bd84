/**
 * The sample's note written again with extra context (the Note screen's "Write again with more context"),
 * as the real service would: the note on screen (the script's, or the clinician's edit of it) with each
 * sentence of the context added once, to the one section it belongs to, without a "Context:" label and with
 * no transcript line pasted in. The rule-based writer (note-writer.ts) answers every other request; it keeps
 * speaker labels so tests can follow content, which a demo must not show (issue 31 item 9).
 */
import type { Note, SectionContent } from '../schemas.ts';
import { recognize } from './recognition.ts';
import type { SampleScript } from './sample-script.ts';
import { isScriptConversation, noteFrom, noteIn, type ScriptableRequest } from './scripted.ts';
import type { SectionRole, Template } from './templates.ts';

/**
 * Where a sentence of context goes, by its label ("Plan: …", "Diagnoses: …") or else by what it says; the
 * first role the template has wins.
 */
const PLACES: readonly {
  readonly says: readonly SectionRole[];
  readonly labels?: readonly string[];
  readonly goes: readonly SectionRole[];
}[] = [
  { says: ['PLAN'], goes: ['ASSESSMENT_AND_PLAN', 'PLAN'] },
  { says: ['MEDICATIONS'], goes: ['MEDICATIONS', 'HISTORY', 'SUBJECTIVE', 'HPI'] },
  { says: ['ALLERGIES'], goes: ['ALLERGIES', 'HISTORY', 'SUBJECTIVE', 'HPI'] },
  {
    says: ['HISTORY'],
    labels: ['past medical history', 'pmh', 'diagnosis', 'diagnoses', 'problems', 'problem list'],
    goes: ['HISTORY', 'SUBJECTIVE', 'HPI'],
  },
  { says: ['VITALS', 'EXAM'], goes: ['VITALS', 'EXAM', 'OBJECTIVE'] },
  { says: ['ASSESSMENT'], goes: ['ASSESSMENT_AND_PLAN', 'ASSESSMENT'] },
];
const HISTORY = PLACES.find((place) => place.says.includes('HISTORY'))!.goes;
const ELSE: readonly SectionRole[] = ['HPI', 'SUBJECTIVE', 'HISTORY'];

/** Labels of who the patient is (name, age, sex), in the sample's languages. */
const WHO = /^\s*(patient|name|age|dob|date of birth|sex|gender|nom|âge|sexe|nombre|edad|sexo)\s*:/iu;
const AGE_OR_SEX = /\b\d{1,3}[- ]?(years?|yrs?|y\/?o|ans|años)\b|\b(male|female|man|woman)\b/i;

/**
 * The sections a sentence of context goes to, none for who the patient is: chart context is history, so a
 * diagnosis it names is past history (not a medication because a drug is named beside it, not the visit's
 * assessment), and the patient's name, age and sex are the service's demographics, not a line of the HPI.
 */
function placeOf(finding: ReturnType<typeof recognize>[number]): readonly SectionRole[] {
  const label = PLACES.find((place) => place.says.some((role) => labelled(finding.text, role, place.labels)));
  if (label) return label.goes;
  const clinical = finding.roles.size > 0 || finding.conditions.length > 0;
  if (!clinical && (WHO.test(finding.text) || AGE_OR_SEX.test(finding.text))) return [];
  if (finding.conditions.length > 0 && !finding.roles.has('PLAN')) return HISTORY;
  return PLACES.find((place) => place.says.some((role) => finding.roles.has(role)))?.goes ?? ELSE;
}

/**
 * The script's note (or the current note on the same template) with the context worked in, for a request
 * that is the script's conversation with extra context; else null.
 */
export function scriptedNoteWithContext(
  script: SampleScript | null,
  request: ScriptableRequest,
  template: Template,
  locale: string,
): Note | null {
  const written = script ? noteIn(script, locale) : null;
  const context = typeof request.unstructured_context === 'string' ? request.unstructured_context : '';
  if (!script || !written || !context.trim() || request.structured_context?.source_note) return null;
  if (!isScriptConversation(script, request)) return null;
  const current = request.current_note as Note | undefined;
  const base: Note = structuredClone(
    current?.template_key === template.key && current.locale === locale
      ? current
      : noteFrom(written, template, locale),
  );
  for (const finding of recognize([{ speaker: 'CONTEXT', text: context }])) {
    const sentence = tidy(finding.text);
    const roles = placeOf(finding);
    const role = roles.find((r) => template.sections.some((section) => section.role === r));
    const key = template.sections.find((section) => section.role === role)?.key;
    const section = base.sections.find((candidate) => candidate.key === key);
    if (section && sentence) section.content = withSentence(section.content, sentence, finding, locale);
  }
  return base;
}

/** Whether a sentence starts with the label of a role ("Plan: …", "Medications: …"), which says where it goes. */
function labelled(text: string, role: SectionRole, others: readonly string[] = []): boolean {
  const label = /^\s*([\p{L} ]{1,20}):/u.exec(text)?.[1]?.trim().toLowerCase();
  if (label === undefined) return false;
  return role.toLowerCase() === label || `${role.toLowerCase()}s` === label || others.includes(label);
}

/** A context sentence as a note says it: no leading "Plan:" or "Context:" label, a capital first letter. */
function tidy(text: string): string {
  const bare = text.replace(/^\s*[\p{L} ]{1,20}:\s*/u, '').trim();
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/** The section with the sentence added (once), to the problem it names in an Assessment & Plan. */
function withSentence(
  content: SectionContent,
  sentence: string,
  finding: ReturnType<typeof recognize>[number],
  locale: string,
): SectionContent {
  if (content.type === 'TEXT') {
    if (content.text.includes(sentence)) return content;
    const bullet = /^- /m.test(content.text) ? '- ' : '';
    return { type: 'TEXT', text: content.text ? `${content.text}\n${bullet}${sentence}` : sentence };
  }
  if (content.subsections.some((sub) => sub.text.includes(sentence))) return content;
  const named = finding.conditions.map((condition) => condition.title.toLowerCase());
  const subsections = content.subsections.map((sub) => ({ ...sub }));
  const problem = subsections.find((sub) => named.includes(sub.title.toLowerCase()));
  if (problem) problem.text = `${problem.text} ${sentence}`.trim();
  else
    subsections.push({
      id: `problem-${subsections.length + 1}`,
      title: finding.conditions[0]?.title ?? (locale === 'FRENCH_FR' ? 'Autre' : 'Other'),
      text: sentence,
    });
  return { type: 'SUBSECTIONS', subsections };
}
