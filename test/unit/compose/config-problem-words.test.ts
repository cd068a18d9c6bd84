/**
 * The configuration's problems as a person reads them (the CLI, the app's failed start, the preview's
 * terminal): each from its facts in the current locale, naming the key and where it was set, never a value.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../main/core/config/resolve-config.ts';
import { configProblemsBlock, configProblemTexts } from '../../../main/compose/config-problem-words.ts';
import { useLocale } from '../../../preload/words/index.ts';

afterEach(() => useLocale('en'));

function errors(env: Record<string, string>, policy?: Record<string, unknown>) {
  const result = resolveConfig({
    env,
    ...(policy ? { policy: { values: policy, origin: '/etc/p.json' } } : {}),
  });
  if (result.ok) throw new Error('expected problems');
  return result.errors;
}

describe('configuration problems in words', () => {
  it('in English as before: the key, its source and what is wrong', () => {
    const found = errors({ SCRIBE_NOTE_LOCALE: 'KLINGON-CANARY', SCRIBE_SERVICE_URL: 'ftp://x' });
    const texts = configProblemTexts(found);
    expect(texts).toEqual([
      'serviceUrl from environment SCRIBE_SERVICE_URL: must start with https://',
      'noteLocale from environment SCRIBE_NOTE_LOCALE: must be one of ENGLISH_US, ENGLISH_UK, FRENCH_FR',
    ]);
    expect(texts.join('\n')).not.toContain('KLINGON-CANARY');
  });

  it('in French and Spanish, one a line after "Configuration"', () => {
    const found = errors({ SCRIBE_NOTE_LOCALE: 'KLINGON' }, { noSuchKey: 1, journalRetentionHours: 'x' });
    useLocale('fr');
    const block = configProblemsBlock(found);
    expect(block.split('\n')[0]).toBe('Configuration : ');
    expect(block).toContain(
      '  - noteLocale (la variable d’environnement SCRIBE_NOTE_LOCALE) : doit être l’une des valeurs ENGLISH_US',
    );
    expect(block).toContain(
      '  - noSuchKey (la stratégie de l’établissement /etc/p.json) : n’est pas un réglage connu',
    );
    expect(block).not.toMatch(/ from |must be|is not a known/);
    useLocale('es');
    expect(configProblemTexts(found).join('\n')).toContain(
      'noSuchKey (la directiva de la organización /etc/p.json): no es un ajuste conocido',
    );
  });
});
