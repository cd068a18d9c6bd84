/**
 * The words of failures main/core and the broker report as codes and facts (preload/contract/problem-codes.ts),
 * as the CLI prints them: a streaming or audio failure, a refused private key file, a field of a JSON file
 * or a setting, a configuration problem, the broker's own configuration (the catalogue's `problems.json`).
 * Key names, paths, codes and values allowed stay as given. A code this version does not know still gives
 * a line naming it.
 */
import type {
  BrokerConfigProblem,
  ConfigProblemFacts,
  ConfigProblemPlace,
  FieldProblem,
  PrivateKeyProblem,
} from '../../contract/problem-codes.ts';
import type PROBLEMS from '../en/problems.json';
import { messages } from '../messages.ts';
import type { WindowWords } from '../words.ts';

/** One language's problem words, as its catalogue file holds them (English's keys: each language has all). */
export type ProblemsCatalogue = typeof PROBLEMS;

/** The message of `key` in `table`, else its `other`: a code this version does not know. */
function known(table: object, key: string): string {
  return Object.hasOwn(table, key) ? key : 'other';
}

/** What the builders below share: the language, its catalogue, and its other words (a key or address rule). */
interface Context {
  readonly tag: string;
  readonly c: ProblemsCatalogue;
  readonly words: () => WindowWords;
}

/** A field's problem: what is wrong with it, alone or after its name. */
function fieldWords({ tag, c, words }: Context) {
  const field = messages(tag, c.fields);
  /** What is wrong with a field, after its name. */
  function fieldWhat(p: FieldProblem): string {
    const limit = p.limit ?? 0;
    switch (p.kind) {
      case 'wrong_type':
        return messages(tag, c.types)(p.expected ?? 'other');
      case 'bad_format':
        return p.rule ? words().baseUrlPhrase(p.rule) : messages(tag, c.formats)(p.format ?? 'pattern');
      case 'invalid':
        return p.refusal ? words().keyRefusalText(p.refusal, p.keys ?? null) : field('invalid');
      default:
        return field(known(c.fields, p.kind) === 'other' ? 'invalid' : (p.kind as keyof typeof c.fields), {
          limit,
          empty: limit <= 1,
          values: (p.values ?? []).join(', '),
          fields: (p.fields ?? []).join(', '),
        });
    }
  }
  /** "sections.0.kind: must be one of …"; a problem of the whole file or value names "the file". */
  const fieldProblem = (p: FieldProblem): string =>
    messages(tag, c)('fieldProblem', {
      path: p.path === '' ? messages(tag, c)('wholeFile') : p.path,
      what: fieldWhat(p),
    });
  return { fieldWhat, fieldProblem };
}

/** A configuration value's problem, named by its key and where it came from. */
function configWords(context: Context) {
  const { tag, c } = context;
  const say = messages(tag, c);
  const { fieldWhat, fieldProblem } = fieldWords(context);
  function configWhat(facts: ConfigProblemFacts): string {
    if (facts.kind === 'invalid_value')
      return facts.field.path === '' ? fieldWhat(facts.field) : fieldProblem(facts.field);
    if (facts.kind === 'layer_denied') {
      const names = facts.allowed.map((layer) => messages(tag, c.layers)(layer));
      const list =
        names.length > 1
          ? say('layerList', { first: names.slice(0, -1).join(', '), last: names.at(-1) })
          : (names[0] ?? say('nobody'));
      return messages(tag, c.config)('layer_denied', { layers: list });
    }
    const { kind, errno } = facts as { kind: string; errno?: string };
    return messages(tag, c.config)(known(c.config, kind) as keyof typeof c.config, {
      kind: String(kind),
      errno,
    });
  }
  /** "serviceUrl from environment SCRIBE_SERVICE_URL: must …"; a whole file: "managed policy /etc/…: …". */
  return (place: ConfigProblemPlace, facts: ConfigProblemFacts): string => {
    const layer = Object.hasOwn(c.sources, place.layer) ? place.layer : 'default';
    const source = messages(tag, place.origin ? c.sourcesAt : c.sources)(layer, { origin: place.origin });
    const what = configWhat(facts);
    return place.key
      ? say('configProblem', { key: place.key, source, what })
      : say('configWhole', { source, what });
  };
}

/** The broker's own configuration problems. */
function brokerWords(context: Context) {
  const { tag, c } = context;
  const broker = messages(tag, c.broker);
  const { fieldWhat, fieldProblem } = fieldWords(context);
  return (p: BrokerConfigProblem): string => {
    if (p.kind === 'missing') return broker(p.env ? 'missingEnv' : 'missing', { key: p.key, env: p.env });
    if (p.kind === 'invalid')
      return broker('invalid', {
        key: p.key,
        origin: messages(tag, c.brokerOrigins)(p.from, { origin: p.origin }),
        problem: p.field.path.includes('.') ? fieldProblem(p.field) : fieldWhat(p.field),
      });
    // The other kinds place their facts as they are (lists joined), the pair that goes together by position.
    const values = Object.fromEntries(
      Object.entries(p as object).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
    );
    const pair = p.kind === 'go_together' ? { first: p.keys[0], second: p.keys[1] } : {};
    const kind = String((p as { kind: unknown }).kind);
    return broker(known(c.broker, kind) as keyof typeof c.broker, { ...values, kind, ...pair });
  };
}

/** The problem words in the language `tag`; `words` are the same language's (a hotkey or address rule). */
export function problemWords(tag: string, c: ProblemsCatalogue, words: () => WindowWords) {
  const context = { tag, c, words };
  const say = messages(tag, c);
  return {
    /** A streaming failure by its code: an error frame by the service's code, a refused upgrade with its status. */
    streamFailure: (code: string, status: number | undefined, serviceCode: number | undefined): string => {
      if (code === 'service_error' && serviceCode !== undefined) return words().streamErrorText(serviceCode);
      if (code === 'upgrade_refused' && status !== undefined) return say('streamRefused', { status });
      return Object.hasOwn(c.streamFailures, code)
        ? messages(tag, c.streamFailures)(code as keyof typeof c.streamFailures)
        : say('streamOther', { code });
    },
    audioFailure: (code: string): string =>
      Object.hasOwn(c.audioFailures, code)
        ? messages(tag, c.audioFailures)(code as keyof typeof c.audioFailures)
        : say('audioOther', { code }),
    /** A private key file refused (the CLI's connection, doctor, the broker). */
    privateKey: (p: PrivateKeyProblem): string =>
      messages(tag, c.privateKey)(known(c.privateKey, p.kind) as keyof typeof c.privateKey, {
        ...p,
        kind: String(p.kind),
      }),
    fieldProblem: fieldWords(context).fieldProblem,
    configProblem: configWords(context),
    /** Between two problems on one line. */
    problemSeparator: say('problemSeparator'),
    brokerProblem: brokerWords(context),
  };
}

/** The words of failures below the CLI. */
export type CliProblemWords = ReturnType<typeof problemWords>;
