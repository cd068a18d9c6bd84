/**
 * The `scribe` command's own words: help, usage and configuration errors, each command's results, errors
 * and notes (the catalogue's `cli.json`), their leaves called as the CLI calls them. The words of failures
 * below the CLI (a streaming or audio failure, a refused key file, a configuration problem) are problems.ts's,
 * spread in.
 */
import type CLI from '../en/cli.json';
import { AUDIT_BREAKS } from '../../contract/audit-codes.ts';
import { flagSignatures } from './flag-facts.ts';
import { compile, type Compiled, type Prepares } from '../messages.ts';
import { inSentence } from '../intl.ts';
import type { CliProblemWords } from './problems.ts';

/** One language's CLI words, as its catalogue file holds them. */
export type CliCatalogue = typeof CLI;

/** Every way the audit chain breaks takes the record it should have followed. */
type BreakSignatures = {
  readonly [B in (typeof AUDIT_BREAKS)[number] as `audit.breaks.${B}`]: readonly ['after:number'];
};
const BREAKS = Object.fromEntries(
  AUDIT_BREAKS.map((kind) => [`audit.breaks.${kind}`, ['after:number']]),
) as unknown as BreakSignatures;

/** Every flag `scribe check` prints takes the same facts, each message placing those it names. */
const FLAGS = flagSignatures('check.flags');

const CLI_SIGNATURES = {
  ...BREAKS,
  ...FLAGS,
  'check.sentence': ['n:number', 'text'],
  'check.finding': ['term', 'polarity'],
  usageOf: ['synopsis'],
  version: ['version', 'apiVersion'],
  unknownCommand: ['name'],
  unknownOption: ['option'],
  needsValue: ['option'],
  takesNoValue: ['option'],
  unexpectedArgument: ['argument'],
  takesNoArguments: ['command'],
  oneOf: ['flag', 'values'],
  required: ['command', 'flag'],
  missingConfiguration: ['variables'],
  configuration: ['problems'],
  reasonGiven: ['reason'],
  unexpected: ['name'],
  nativeMissing: ['package'],
  commandsNotReplayed: ['commands'],
  notJournaled: ['code'],
  noKeychain: ['journal:boolean'],
  'doctor.line': ['check', 'detail'],
  'doctor.missing': ['variables'],
  'doctor.configured': ['origin', 'apiVersion', 'asUser:boolean'],
  'doctor.keyRead': ['keyId:string?'],
  'doctor.user': ['id'],
  'doctor.noteSettings': ['template:string?', 'locale:string?'],
  'doctor.failed': ['check', 'detail'],
  'audit.keptAside': ['kind', 'file'],
  'audit.notRecorded': ['kind', 'code'],
  'audit.asideUnreadable': ['file', 'rejected'],
  'audit.asideWriterUnknown': ['file', 'rejected'],
  'audit.mergedLater': ['seq:number'],
  'audit.broken': ['seq:number?', 'file', 'line:number', 'reason'],
  'audit.keyUnreadable': ['seq:number', 'file', 'line:number'],
  'audit.asideNotVerified': ['count:number', 'file'],
  'audit.mergedUnvouched': ['count:number'],
  'audit.collectedUnreadable': ['code'],
  'audit.cutShort': ['seq:number'],
  'audit.rewritten': ['seq:number'],
  'audit.intact': ['count:number', 'firstSeq:number?'],
  'audit.intactCollected': ['count:number', 'firstSeq:number?', 'collected:number', 'newest:number?'],
  'appointments.needsUser': ['command'],
  'sendInstructions.tooLong': ['chars:number', 'limit:number'],
  'sendInstructions.sent': ['as', 'created:boolean', 'conversation'],
  'sendInstructions.author': ['from', 'attachment:boolean'],
  'broker.plainHttp': ['listen'],
  'broker.tlsEndsAt': ['where', 'listen'],
  'broker.configuration': ['problem'],
  'input.unreadable': ['file', 'code'],
  'input.tooLarge': ['file', 'mib:number'],
  'input.lineNotJson': ['line:number'],
  'input.lineInvalid': ['line:number', 'field', 'code'],
  'input.notJson': ['flag'],
  'input.invalid': ['flag', 'issues'],
  'note.unsupportedSection': ['title', 'key'],
  'note.unknownTemplate': ['key', 'keys'],
  'note.evidence.sentence': ['key', 'text'],
  'note.evidence.support': ['ids'],
  'note.evidence.differs': ['kind', 'note', 'said'],
  'note.evidence.value': ['value'],
  'audio.oneSource': ['command'],
  'audio.noSource': ['command'],
  'audio.unreadable': ['code'],
  'audio.micReplaced': ['reason', 'device'],
  'audio.notSpeechLocale': ['value'],
  'audio.codes': ['code', 'serviceCode:number?'],
  'dictate.commandDoesNothing': ['phrase'],
  'dictate.alsoOnStdout': ['why'],
  'dictate.commandsHeading': ['language'],
  'dictate.correctionsNotApplied': ['count:number'],
  'recover.noSuchSession': ['id'],
  'recover.several': ['count:number'],
  'recover.inUse': ['id'],
  'recover.tailCut': ['id'],
  'texts.unknownFormat': ['file'],
  'texts.unreadable': ['file', 'reason'],
  'texts.libraryUnreadable': ['file'],
  'texts.imported': ['count:number', 'file'],
  'texts.leftOut': ['name', 'reason'],
} as const;

/** A number or text that reads as none when empty, 0 or absent. */
const orNone = <T>(value: T | null | undefined): T | null => value || null;

const prepare = (tag: string): Prepares<typeof CLI_SIGNATURES> => ({
  'dictate.commandsHeading': (language) => ({ language, languageInSentence: inSentence(tag, language) }),
  'doctor.keyRead': (keyId) => ({ keyId: orNone(keyId) }),
  'doctor.noteSettings': (template, locale) => ({ template: template ?? null, locale: locale ?? null }),
  'audit.intact': (count, firstSeq) => ({ count, firstSeq: orNone(firstSeq) }),
  'audit.intactCollected': (count, firstSeq, collected, newest) => ({
    count,
    firstSeq: orNone(firstSeq),
    collected,
    newest: orNone(newest),
  }),
  'audio.codes': (code, serviceCode) => ({ code, serviceCode: serviceCode ?? null }),
});

/** The CLI's words in the language `tag`, from its catalogue and its problem words. */
export function cliWords(tag: string, catalogue: CliCatalogue, problems: CliProblemWords): CliWords {
  return { ...compile(tag, catalogue.cli, CLI_SIGNATURES, prepare(tag)), ...problems };
}

/** The `scribe` command's own words (English's keys: every language has every one). */
export type CliWords = Compiled<CliCatalogue['cli'], typeof CLI_SIGNATURES> & CliProblemWords;
