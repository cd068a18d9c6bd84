/** The sample dictation and the browser preview's box-only line (English). */
import type { SampleDictationWords } from '../words.ts';

export const SAMPLE_DICTATION_WORDS: SampleDictationWords = {
  boxOnly:
    'In the browser preview, dictation goes into this box only: there is no hotkey and no typing into other applications.',
  heading: 'Sample dictation',
  body: 'A bundled synthetic recording is dictated through the built-in local service: no account and no microphone. The service first mishears a word, then corrects it in place. Not for patient care.',
  start: 'Run the sample dictation',
  playing: 'Playing the sample recording…',
  corrected: (before, after) => `Corrected in place by the service: “${before}” → “${after}”.`,
};
