/**
 * What the dictation overlay and box say, the clipboard's countdown, the template blanks Settings lists, a
 * visit's disk and input warnings: the catalogue's `dictation.json`, the logic written once here. The codes
 * are preload/contract/dictation-codes.ts and input-warnings.ts.
 */
import type CATALOGUE from '../en/dictation.json';
import type { DictationMessage, DictationMessageCode } from '../../contract/dictation-codes.ts';
import type { InputWarningFacts } from '../../contract/input-warnings.ts';
import { timeLeft } from '../intl.ts';
import { compile, messages } from '../messages.ts';
import type { Words } from '../words.ts';

/** One language's dictation words, as its catalogue file holds them. */
export type DictationCatalogue = typeof CATALOGUE;

type DictationPart = Pick<
  Words,
  | 'dictation'
  | 'templateMarkers'
  | 'commandHelp'
  | 'commandMarks'
  | 'diskWarnings'
  | 'recoveredCut'
  | 'dictationMessageText'
  | 'clipboardText'
  | 'inputWarningText'
>;

/** The dictation words in the language `tag`, from its catalogue. */
export function dictationWords(tag: string, catalogue: DictationCatalogue): DictationPart {
  const { templateMarkers, diskWarnings, recoveredCut, commandHelp, commandMarks } = catalogue;
  const plain = compile(tag, { templateMarkers, diskWarnings, recoveredCut, commandHelp, commandMarks }, {});
  const say = messages(tag, catalogue.dictation);
  // An empty name reads as none: the message says "the application", or nothing.
  const dictation = Object.fromEntries(
    Object.keys(catalogue.dictation).map((code) => [
      code,
      (app: string | null) => say(code as DictationMessageCode, { app: app || null }),
    ]),
  ) as DictationPart['dictation'];
  const clipboard = messages(tag, catalogue.clipboard);
  const time = new Intl.DateTimeFormat(tag, { hour: 'numeric', minute: '2-digit' });
  const clipboardText: DictationPart['clipboardText'] = (state, now = Date.now()) => {
    if (!state) return '';
    if (state.state === 'cleared') {
      const at = new Date(state.at);
      return clipboard('cleared', { time: time.format(at), hour: at.getHours() });
    }
    return clipboard('clears', timeLeft(state.at, now));
  };
  const warning = messages(tag, catalogue.inputWarnings);
  return {
    ...plain,
    dictation,
    clipboardText,
    dictationMessageText: (message: DictationMessage | null | undefined, now = Date.now()) =>
      !message || !Object.hasOwn(dictation, message.code)
        ? ''
        : dictation[message.code](message.app ?? null) + clipboardText(message.clipboard, now),
    inputWarningText: (facts: InputWarningFacts) =>
      warning(facts.code === 'device_fallback' ? 'replaced' : facts.code, {
        input: !facts.dual ? 'single' : facts.stream === 'patient' ? 'patient' : 'clinician',
        seconds: facts.seconds ?? 0,
        device: facts.device ?? '',
        reason: facts.reason ?? null,
      }),
  };
}
