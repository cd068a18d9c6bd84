/**
 * Linked evidence on the Note screen, in Chromium against the local service: a visit whose note (the
 * service's scripted answer for this conversation) carries a sentence nobody said and a wrong aspirin dose.
 * Both are marked, with both values for the dose; no supported sentence is marked; selecting a sentence
 * shows the lines that say it; a mark can be dismissed; the copy to the EHR carries no mark and the note's
 * text is unchanged. The conversation is the bundled recording with its manifest's words rewritten (the
 * recognizer knows audio by its samples), so the visit records as every e2e visit does.
 */
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SAMPLE_VISIT_SCRIPT } from '../../main/programs/local-service/clinical/sample-script.ts';
import { recordVisitToNote, SHOTS } from './bridge/fixtures.ts';
import { appPerFile, servicePerFile } from './bridge/per-file.ts';

const SAID = [
  'What brings you in today?',
  'I have had chest pain for three days.',
  'Do you take any medicines?',
  'Just aspirin eighty one milligrams every day.',
  'Your blood pressure is one forty over ninety.',
];
const PLANTED = 'Family history of colon cancer in her father.';
/** Screenshots of playing a sentence's audio, to look at (outside the repository). */
const PLAYED = mkdtempSync(join(tmpdir(), 'scribe-evidence-shots-'));

/** The bundled recordings under a manifest that says SAID. */
function fixtures(): string {
  const sample = fileURLToPath(new URL('../../main/programs/local-service/sample/', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'scribe-evidence-'));
  const manifest = JSON.parse(readFileSync(join(sample, 'manifest.json'), 'utf8')) as {
    fixtures: { file: string; kind: string; sentences: { text: string }[] }[];
  };
  for (const fixture of manifest.fixtures) {
    symlinkSync(join(sample, fixture.file), join(dir, fixture.file));
    if (fixture.kind === 'conversation') fixture.sentences.forEach((s, i) => (s.text = SAID[i]!));
    if (fixture.kind === 'sentence') {
      const at = /visit-s(\d)\.wav/.exec(fixture.file);
      if (at) fixture.sentences[0]!.text = SAID[Number(at[1]) - 1]!;
    }
  }
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const NOTE = {
  ...SAMPLE_VISIT_SCRIPT.notes.en,
  title: 'Visit for chest pain',
  sections: {
    CHIEF_COMPLAINT: 'Chest pain for three days.',
    HPI: `Chest pain for three days. Takes aspirin 325 mg daily. ${PLANTED}`,
    SUBJECTIVE: `Chest pain for three days. Takes aspirin 325 mg daily. ${PLANTED}`,
    VITALS: 'Blood pressure 140/90 mmHg.',
    OBJECTIVE: 'Blood pressure 140/90 mmHg.',
  },
  problems: [{ title: 'Chest pain', text: 'Chest pain for three days.' }],
  plan: [],
};

describe('linked evidence on the Note screen', () => {
  const { service, client } = servicePerFile({
    streaming: { fixturesDir: fixtures() },
    sampleScript: {
      ...SAMPLE_VISIT_SCRIPT,
      transcript: SAID,
      notes: { ...SAMPLE_VISIT_SCRIPT.notes, en: NOTE },
    },
  });
  const h = appPerFile();

  it('marks the sentence nobody said and the wrong dose, and nothing else', async () => {
    const { page } = h;
    await recordVisitToNote(page, service.url, client);
    await page.getByRole('button', { name: 'Write the note' }).click();
    const marks = page.getByTestId('evidence-mark');
    await expect.poll(() => marks.count()).toBeGreaterThan(0);
    const marked = page.locator('[data-testid="note-sentence"][data-marked="true"]');
    const texts = await marked.allInnerTexts();
    expect(new Set(texts)).toEqual(new Set([PLANTED, 'Takes aspirin 325 mg daily.']));
    const said = await marks.allInnerTexts();
    expect(said.some((m) => m.includes('Not found in the conversation'))).toBe(true);
    expect(said.some((m) => m.includes('Dose: the note says 325 mg, the conversation says 81 mg'))).toBe(
      true,
    );
    // Every other sentence is found and unmarked.
    const all = await page.getByTestId('note-sentence').allInnerTexts();
    expect(all).toContain('Blood pressure 140/90 mmHg.');
    expect(all.filter((s) => !texts.includes(s)).length).toBeGreaterThan(3);
    await page.screenshot({ path: `${SHOTS}/05-note-evidence-marks.png`, fullPage: true });
  });

  it('shows the lines that say a sentence when it is selected', async () => {
    const { page } = h;
    const section = page
      .locator('article[data-section]')
      .filter({ hasText: 'Takes aspirin 325 mg daily.' })
      .first();
    await section.getByTestId('note-sentence').filter({ hasText: 'Takes aspirin 325 mg daily.' }).click();
    const lines = section.getByTestId('evidence-lines');
    await expect.poll(() => lines.textContent()).toContain('Just aspirin eighty one milligrams every day.');
    await page.screenshot({ path: `${SHOTS}/05-note-evidence-lines.png`, fullPage: true });
  });

  it('plays the audio of the lines shown for a sentence, read from the visit’s journal', async () => {
    const { page } = h;
    const section = page
      .locator('article[data-section]')
      .filter({ hasText: 'Takes aspirin 325 mg daily.' })
      .first();
    const play = section.getByTestId('evidence-play');
    await play.click();
    // Played through Web Audio: the clip is the aspirin line's audio (about two seconds), and it plays out.
    await expect.poll(() => play.getAttribute('data-state')).toMatch(/^(playing|ended)$/);
    expect(Number(await play.getAttribute('data-seconds'))).toBeGreaterThan(0.5);
    await page.screenshot({ path: `${PLAYED}/note-evidence-playing.png`, fullPage: true });
    await expect.poll(() => play.getAttribute('data-state'), { timeout: 30_000 }).toBe('ended');
    await page.screenshot({ path: `${PLAYED}/note-evidence-played.png`, fullPage: true });
  });

  it('dismisses a mark, and the copy to the EHR carries none', async () => {
    const { page } = h;
    const before = await page.getByTestId('evidence-mark').count();
    await page.getByTestId('evidence-mark').first().getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => page.getByTestId('evidence-mark').count()).toBe(before - 1);
    await page.getByRole('button', { name: 'Copy whole note' }).click();
    await expect.poll(() => page.getByTestId('copy-status').textContent()).toContain('Note copied');
    const copied = h.clipboard.writes.at(-1) ?? '';
    expect(copied).toContain(PLANTED);
    expect(copied).toContain('Takes aspirin 325 mg daily.'); // unchanged: marks never edit the note
    expect(copied).not.toMatch(/Not found in the conversation|the conversation says|Dismiss/);
    expect(await h.cspViolations()).toEqual([]);
  });

  it('a sentence from the context the clinician added is not "not found"; it says where it comes from', async () => {
    const { page } = h;
    await page.getByLabel('Extra context').fill(`Chart: ${PLANTED}`);
    await page.getByRole('button', { name: 'Write again with context' }).click();
    const marked = page.locator('[data-testid="note-sentence"][data-marked="true"]');
    await expect.poll(() => marked.allInnerTexts()).toEqual(['Takes aspirin 325 mg daily.']);
    const section = page.locator('article[data-section]').filter({ hasText: PLANTED }).first();
    await section.getByTestId('note-sentence').filter({ hasText: PLANTED }).click();
    await expect
      .poll(() => section.getByTestId('evidence-lines').textContent())
      .toContain('it comes from the context you added');
    await page.screenshot({ path: `${SHOTS}/05-note-evidence-context.png`, fullPage: true });
  });
});
