import { describe, expect, it } from 'vitest';
import {
  forgetConversation,
  linkEvidence,
  type EvidenceItem,
} from '../../../../main/core/checks/evidence.ts';
import { termKept } from '../../../../main/core/checks/evidence-terms.ts';
import { SAMPLE_VISIT_SCRIPT } from '../../../../main/programs/local-service/clinical/sample-script.ts';
import { evidenceOfNote } from '../../../../main/core/checks/note-evidence.ts';
import { longVisit } from '../../../fixtures/checks/evidence-visits.ts';

const VISIT: EvidenceItem[] = [
  'What brings you in today?',
  'I have had chest pain for three days.',
  'Does it get worse when you climb stairs?',
  'Yes, and I feel short of breath.',
  'Your blood pressure is one forty over ninety.',
  'I take aspirin eighty one milligrams once a day.',
  'Any fever?',
  'No fever at all.',
  'The pain is in my right arm.',
].map((text, i) => ({ id: `t${i + 1}`, text }));

/** Each sentence of `text` as [sentence, support, marks as "kind: note / said" or "not found"]. */
function linked(text: string, items = VISIT) {
  return linkEvidence([{ key: 'S', text }], items)[0]!.sentences.map((s) => [
    text.slice(s.start, s.end),
    s.support.join(' '),
    s.marks.map((m) =>
      m.code === 'not_found'
        ? 'not found'
        : `${m.kind}: ${text.slice(m.start, m.end)} → ${m.note} / ${m.said}`,
    ),
  ]);
}

describe('linkEvidence', () => {
  it('links each sentence to the lines that say it, spoken numbers read as written', () => {
    expect(
      linked(
        'Three days of chest pain, worse with exertion. Blood pressure 140/90 mmHg. Aspirin 81 mg daily.',
      ),
    ).toEqual([
      // t3 is a question: its answer (t4) comes with it.
      ['Three days of chest pain, worse with exertion.', 't2 t3 t4', []],
      ['Blood pressure 140/90 mmHg.', 't5', []],
      ['Aspirin 81 mg daily.', 't6', []],
    ]);
  });

  it('marks a sentence nobody said, and says nothing of one with no words of its own', () => {
    expect(linked('1. Family history of colon cancer in her father.')).toEqual([
      ['1.', '', []],
      ['Family history of colon cancer in her father.', '', ['not found']],
    ]);
  });

  it('marks a dose, a unit, a number, a side and a polarity that differ, with both values', () => {
    expect(
      linked(
        'Continue aspirin 325 mg daily. Aspirin 81 mcg daily. Blood pressure 160/90. Pain in the left arm. Reports fever.',
      ),
    ).toEqual([
      ['Continue aspirin 325 mg daily.', 't6', ['dose: 325 mg → 325 mg / 81 mg']],
      ['Aspirin 81 mcg daily.', 't6', ['unit: 81 mcg → 81 mcg / 81 mg']],
      ['Blood pressure 160/90.', 't5', ['number: 160 → 160 / 140']],
      ['Pain in the left arm.', 't9', ['side: left → left / right']],
      ['Reports fever.', 't8', ['negation: fever → affirmed / negated']],
    ]);
  });

  it('marks hyper- said as hypo- (and back), in each language, and nothing when both are said', () => {
    const said = (text: string) => [{ id: 'h', text }];
    expect(linked('Hypoglycemia last week.', said('hyperglycemia last week'))).toEqual([
      ['Hypoglycemia last week.', 'h', ['hyper_hypo: Hypoglycemia → hypoglycemia / hyperglycemia']],
    ]);
    expect(linked('Hiperglucemia la semana pasada.', said('hipoglucemia la semana pasada'))).toEqual([
      ['Hiperglucemia la semana pasada.', 'h', ['hyper_hypo: Hiperglucemia → hiperglucemia / hipoglucemia']],
    ]);
    expect(
      linked('Hypoglycemia last week.', said('hyperglycemia last month, hypoglycemia last week')),
    ).toEqual([['Hypoglycemia last week.', 'h', []]]);
  });

  it('reads polarity per sentence of a long turn, questions without their "?" left out', () => {
    const turn = [
      { id: 'q', text: 'okay and have you had any chest pain nausea or vomiting-' },
      { id: 'a', text: 'no none whatsoever' },
      {
        id: 'x',
        text: 'so on exam there is no pain in your left knee . your right shoulder pain is worse when you reach',
      },
    ];
    expect(linked('Denies chest pain. Right shoulder pain. Reports knee pain.', turn)).toEqual([
      ['Denies chest pain.', 'q', []],
      // The knee's "no pain" is another sentence of the turn, about another part.
      ['Right shoulder pain.', 'x', []],
      ['Reports knee pain.', 'x', ['negation: pain → affirmed / negated']],
    ]);
  });

  it('prefers a statement to a question, and keeps a number of another thing apart', () => {
    expect(linked('Denies fever. Follow up in two weeks to recheck blood pressure.')).toEqual([
      // The answer, not the question, on a tie.
      ['Denies fever.', 't8', []],
      ['Follow up in two weeks to recheck blood pressure.', 't5', []],
    ]);
  });

  it('does not mark an order nobody said: in the Plan, or opening with its verb', () => {
    expect(linked('Start warfarin 5 mg daily. Family history of colon cancer.')).toEqual([
      ['Start warfarin 5 mg daily.', '', []],
      ['Family history of colon cancer.', '', ['not found']],
    ]);
    const plan = linkEvidence([{ key: 'PLAN', text: '- Lipid panel.' }], VISIT)[0]!.sentences;
    expect(plan.map((s) => s.marks)).toEqual([[]]);
    const elsewhere = linkEvidence([{ key: 'HPI', text: 'Lipid panel.' }], VISIT)[0]!.sentences;
    expect(elsewhere.map((s) => s.marks.map((m) => m.code))).toEqual([['not_found']]);
  });

  it('marks nothing in the sample visit’s note, its plan (never said) included', () => {
    const { transcript, notes } = SAMPLE_VISIT_SCRIPT;
    const items = transcript.map((text, i) => ({ id: String(i + 1), text }));
    const note = notes.en;
    const passages = [
      ...Object.entries(note.sections).map(([key, text]) => ({ key, text: text ?? '' })),
      ...note.problems.map((p, i) => ({ key: `ASSESSMENT_AND_PLAN/${i}`, text: p.text })),
    ];
    const linkedNote = linkEvidence(passages, items).flatMap((p) => p.sentences);
    expect(linkedNote.filter((s) => s.marks.length > 0)).toEqual([]);
    // Every sentence but the orders and the list numbers is found.
    expect(linkedNote.filter((s) => s.support.length > 0).length).toBeGreaterThanOrEqual(12);
  });

  it('links a sentence said word for word to its own line, not an earlier one with other numbers', () => {
    // A 30-minute visit says "Temperature …, saturation … percent on room air." many times: a copied sentence
    // goes to the line with its numbers (it was linked to the first such line, and marked "differs").
    const { items, passages } = longVisit();
    const said = new Set(items.map((item) => item.text));
    const copied = passages.flatMap(({ text }) =>
      linkEvidence([{ key: 'S', text }], items)[0]!.sentences.filter((s) =>
        said.has(text.slice(s.start, s.end)),
      ),
    );
    expect(copied.length).toBeGreaterThanOrEqual(40);
    expect(copied.filter((s) => s.marks.length > 0).map((s) => s.marks)).toEqual([]);
    // A question's numbers affirm nothing: a number taken from a question the patient denied is marked.
    const asked = [
      'A cough. It started five days ago.',
      'Any fever?',
      'No.',
      'So it started three days ago?',
    ];
    const denied = [...asked, 'No, five days ago.'].map((text, i) => ({ id: `q${i + 1}`, text }));
    expect(linked('It started three days ago.', denied)).toEqual([
      ['It started three days ago.', 'q1', ['number: three → 3 / 5']],
    ]);
    // Where a number was changed, the line is still found and the number marked.
    const ten = linked('Nurse: Blood pressure 1120 over 68, pulse 58 and regular.', items);
    expect(ten[0]![2]).toEqual(['number: 1120 → 1120 / 112']);
  });
});

describe('evidenceOfNote', () => {
  const { transcript, notes } = SAMPLE_VISIT_SCRIPT;
  const items = transcript.map((text, i) => ({ id: String(i + 1), text }));
  const noteOf = (locale: string, sections: Record<string, string>) => ({
    locale,
    revision: 2,
    sections: Object.entries(sections).map(([key, text]) => ({
      key,
      title: null,
      content: { type: 'TEXT' as const, text },
    })),
  });

  it('links nothing, and says so, when the note is in another language than the visit', () => {
    const french = noteOf('FRENCH_FR', notes.fr.sections as Record<string, string>);
    expect(evidenceOfNote(french, items, ['ENGLISH_US'])).toEqual({
      revision: 2,
      otherLanguage: true,
      passages: [],
    });
    // Without the language check every French sentence would be "not found".
    const unchecked = evidenceOfNote(french, items, []);
    expect(unchecked.otherLanguage).toBeUndefined();
    expect(unchecked.passages.flatMap((p) => p.sentences).some((s) => s.marks.length > 0)).toBe(true);
  });

  it('links a note in one of the visit’s languages, whatever its country', () => {
    const english = noteOf('ENGLISH_UK', { VITALS: 'Blood pressure 140/90 mmHg.' });
    const linkedNote = evidenceOfNote(english, items, ['FRENCH_FR', 'ENGLISH_US']);
    expect(linkedNote.otherLanguage).toBeUndefined();
    expect(linkedNote.passages[0]!.sentences[0]!.support).toEqual(['5']);
  });

  it("keeps nothing of a visit's words once its conversation is forgotten (the visit is gone)", () => {
    const items = [{ id: 't1', text: 'Mrs Zyxwortham has chest pain.' }];
    linked('Chest pain.', items);
    expect(termKept('zyxwortham')).toBe(true);
    forgetConversation();
    expect(termKept('zyxwortham')).toBe(false);
  });
});
