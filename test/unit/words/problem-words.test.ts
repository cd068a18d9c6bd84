/**
 * The words of what main/core and the broker report as codes (preload/contract/problem-codes.ts): every
 * streaming and audio code, every field problem kind and format, every configuration, key-file and broker
 * problem has its own words in en, fr and es (fr and es not English), naming the facts it carries; a code
 * this version does not know still gives a line that names it. The kinds below are checked to be whole by
 * the type checker (`satisfies Record<kind, …>`), so a new kind without a sample fails `npm run typecheck`.
 */
import { describe, expect, it } from 'vitest';
import {
  AUDIO_ERROR_CODES,
  FIELD_FORMATS,
  FIELD_PROBLEM_KINDS,
  STREAMING_ERROR_CODES,
  type BrokerConfigProblem,
  type ConfigProblemFacts,
  type FieldProblem,
  type FieldProblemKind,
  type PrivateKeyProblem,
} from '../../../preload/contract/index.ts';
import { LOCALES } from '../../../preload/words/index.ts';

const FIELD = {
  missing: { path: 'sex', kind: 'missing' },
  wrong_type: { path: 'age', kind: 'wrong_type', expected: 'number' },
  not_allowed: { path: 'sex', kind: 'not_allowed', values: ['FEMALE', 'MALE'] },
  too_small: { path: 'age', kind: 'too_small', limit: 0 },
  too_big: { path: 'age', kind: 'too_big', limit: 130 },
  too_short: { path: 'code', kind: 'too_short', limit: 3 },
  too_long: { path: 'code', kind: 'too_long', limit: 40 },
  too_few: { path: 'sections', kind: 'too_few', limit: 1 },
  too_many: { path: 'diagnoses', kind: 'too_many', limit: 100 },
  not_whole: { path: 'age', kind: 'not_whole' },
  bad_format: { path: 'date_of_birth', kind: 'bad_format', format: 'date' },
  unknown_fields: { path: '', kind: 'unknown_fields', fields: ['eye_colour'] },
  invalid: { path: 'sections.0.content', kind: 'invalid' },
} as const satisfies Record<FieldProblemKind, FieldProblem>;

const field: FieldProblem = FIELD.too_big;
const CONFIG = {
  invalid_value: { kind: 'invalid_value', field: { ...field, path: '' } },
  unknown_key: { kind: 'unknown_key' },
  layer_denied: { kind: 'layer_denied', allowed: ['policy', 'settings'] },
  env_ignored: { kind: 'env_ignored' },
  env_journal_ignored: { kind: 'env_journal_ignored' },
  service_url_locked: { kind: 'service_url_locked' },
  file_not_json: { kind: 'file_not_json' },
  file_too_large: { kind: 'file_too_large' },
  plist_unconvertible: { kind: 'plist_unconvertible' },
  plist_invalid: { kind: 'plist_invalid' },
  plist_not_dictionary: { kind: 'plist_not_dictionary' },
  registry_unreadable: { kind: 'registry_unreadable' },
  policy_not_object: { kind: 'policy_not_object' },
  file_unreadable: { kind: 'file_unreadable', errno: 'EACCES' },
} as const satisfies Record<ConfigProblemFacts['kind'], ConfigProblemFacts>;

const BROKER = {
  file_unreadable: { kind: 'file_unreadable', file: '/etc/scribe/broker.json', errno: 'EACCES' },
  file_not_object: { kind: 'file_not_object', file: '/etc/scribe/broker.json' },
  unknown_keys: { kind: 'unknown_keys', keys: ['audiance'] },
  missing: { kind: 'missing', key: 'issuer', env: 'SCRIBE_BROKER_ISSUER' },
  invalid: { kind: 'invalid', key: 'listen', from: 'env', origin: 'SCRIBE_BROKER_LISTEN', field },
  go_together: { kind: 'go_together', keys: ['tlsCertFile', 'tlsKeyFile'] },
  claim_reassignable: { kind: 'claim_reassignable', claim: 'upn' },
  claim_not_identifying: { kind: 'claim_not_identifying', claim: 'name' },
  secret_file_unreadable: { kind: 'secret_file_unreadable', key: 'tlsKeyFile', errno: 'ENOENT' },
  store_unreachable: { kind: 'store_unreachable', code: 'ECONNREFUSED' },
  listen_failed: { kind: 'listen_failed', listen: '127.0.0.1:8787', code: 'EADDRINUSE' },
} as const satisfies Record<BrokerConfigProblem['kind'], BrokerConfigProblem>;

const KEYS = {
  file_unreadable: { kind: 'file_unreadable', errno: 'EACCES' },
  not_pem: { kind: 'not_pem' },
  not_rsa: { kind: 'not_rsa', keyType: 'ec' },
} as const satisfies Record<PrivateKeyProblem['kind'], PrivateKeyProblem>;

const en = LOCALES.en.cli;

/** Each locale's words for every sample: non-empty, no hole, and (fr, es) not the English. */
function eachLocale(say: (cli: typeof en) => string[]): void {
  const english = say(en);
  for (const [tag, locale] of Object.entries(LOCALES)) {
    const said = say(locale.cli);
    said.forEach((text, i) => {
      expect(text, `${tag} #${i}`).not.toMatch(/undefined|NaN|\[object/);
      expect(text.trim().length, `${tag} #${i}`).toBeGreaterThan(3);
      if (tag !== 'en') expect(text, `${tag} #${i}`).not.toBe(english[i]);
    });
    // Distinct codes get distinct words.
    expect(new Set(said).size, tag).toBe(said.length);
  }
}

describe('the words of codes main/core and the broker report', () => {
  it('the samples are one per kind, under their own kind', () => {
    for (const table of [FIELD, CONFIG, BROKER, KEYS])
      for (const [kind, sample] of Object.entries(table)) expect(sample.kind).toBe(kind);
  });

  it('every streaming and audio code, and an error frame by its service code or a refused upgrade by status', () => {
    eachLocale((cli) => [
      ...STREAMING_ERROR_CODES.map((code) => cli.streamFailure(code, undefined, undefined)),
      ...AUDIO_ERROR_CODES.map((code) => cli.audioFailure(code)),
      cli.streamFailure('service_error', undefined, 83005),
      cli.streamFailure('upgrade_refused', 403, undefined),
    ]);
    for (const locale of Object.values(LOCALES)) {
      expect(locale.cli.streamFailure('upgrade_refused', 403, undefined)).toContain('HTTP 403');
      expect(locale.cli.streamFailure('service_error', undefined, 83999)).toContain('83999');
    }
  });

  it('every field problem kind and format, naming the path and the facts', () => {
    eachLocale((cli) => [
      ...Object.values(FIELD).map((p) => cli.fieldProblem(p)),
      ...FIELD_FORMATS.map((format) => cli.fieldProblem({ path: 'x', kind: 'bad_format', format })),
    ]);
    expect(Object.keys(FIELD)).toEqual([...FIELD_PROBLEM_KINDS]);
    for (const locale of Object.values(LOCALES)) {
      const cli = locale.cli;
      expect(cli.fieldProblem(FIELD.not_allowed)).toMatch(/^sex.*FEMALE, MALE/);
      expect(cli.fieldProblem(FIELD.too_big)).toMatch(/^age.*130/);
      expect(cli.fieldProblem(FIELD.unknown_fields)).toContain('eye_colour');
      expect(cli.fieldProblem({ path: 'serviceUrl', kind: 'bad_format', rule: 'url_no_region' })).toMatch(
        /^serviceUrl\s?: \S/,
      );
    }
  });

  it('every configuration problem, naming the key and where it was set', () => {
    eachLocale((cli) =>
      Object.values(CONFIG).map((facts) =>
        cli.configProblem({ key: 'noteLocale', layer: 'env', origin: 'SCRIBE_NOTE_LOCALE' }, facts),
      ),
    );
    for (const locale of Object.values(LOCALES)) {
      const said = locale.cli.configProblem(
        { key: 'noteLocale', layer: 'env', origin: 'SCRIBE_NOTE_LOCALE' },
        CONFIG.unknown_key,
      );
      expect(said).toMatch(/^noteLocale .*SCRIBE_NOTE_LOCALE/);
      const file = locale.cli.configProblem(
        { key: '', layer: 'policy', origin: '/etc/p.json' },
        CONFIG.file_unreadable,
      );
      expect(file).toMatch(/\/etc\/p\.json.*EACCES/);
    }
  });

  it('every private key and broker problem, with its facts', () => {
    eachLocale((cli) => [
      ...Object.values(KEYS).map((p) => cli.privateKey(p)),
      ...Object.values(BROKER).map((p) => cli.brokerProblem(p)),
    ]);
    for (const locale of Object.values(LOCALES)) {
      expect(locale.cli.brokerProblem(BROKER.listen_failed)).toMatch(/127\.0\.0\.1:8787.*EADDRINUSE/);
      expect(locale.cli.brokerProblem(BROKER.invalid)).toMatch(/^listen \(SCRIBE_BROKER_LISTEN\)/);
      expect(locale.cli.privateKey(KEYS.not_rsa)).toContain('ec');
    }
  });

  it('a code this version does not know still gives a line naming it', () => {
    for (const locale of Object.values(LOCALES)) {
      const cli = locale.cli;
      expect(cli.streamFailure('brand_new_code', undefined, undefined)).toContain('brand_new_code');
      expect(cli.audioFailure('brand_new_code')).toContain('brand_new_code');
      const unknown = { kind: 'brand_new_kind' } as unknown;
      expect(cli.privateKey(unknown as PrivateKeyProblem)).toContain('brand_new_kind');
      expect(cli.brokerProblem(unknown as BrokerConfigProblem)).toContain('brand_new_kind');
      expect(cli.configProblem({ key: 'k', layer: 'env' }, unknown as ConfigProblemFacts)).toContain(
        'brand_new_kind',
      );
    }
  });
});
