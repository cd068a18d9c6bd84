/** Settings' cards (English): microphones, what the organization sets, dot phrases, text replacements. */
import type { PluralForms } from '../intl.ts';
import { formatsFor } from '../intl.ts';

const f = formatsFor('en');
const phrases: PluralForms = { one: 'phrase', other: 'phrases' };
const lines: PluralForms = { one: 'line', other: 'lines' };

export const SETTINGS_CARD_WORDS = {
  microphones: {
    heading: 'Microphones',
    clinician: 'Clinician microphone',
    patient: 'Patient input',
    none: 'None — one microphone for everyone',
    stopTest: 'Stop test',
    testLevel: 'Test level',
    test: 'Test microphone',
    testHint: 'Speak: the bar should move. Nothing is recorded or sent.',
  },
  policyCard: {
    heading: 'Set by your organization',
    hint: 'Your IT team manages these settings; they cannot be changed in the app.',
    methods: { server: 'Server credentials', 'user-refresh-token': 'Clinician sign-in token' },
    on: 'On',
    off: 'Off',
  },
  phrases: {
    heading: 'Dot phrases',
    /** Around an example shortcut (.normalexam), shown as code between the two. */
    hintBefore: 'Type a shortcut such as',
    hintAfter: 'to insert its text.',
    selectAll: (n: number) => `Select all (${f.count(n)})`,
    none: 'None yet.',
    changeSelected: (n: number) => `Change selected (${f.count(n)})`,
    deleteSelected: (n: number) => `Delete selected (${f.count(n)})`,
    changeHeading: (n: number) => `Change ${f.plural(n, phrases)}`,
    shortcut: (i: number) => `Shortcut ${f.count(i)}`,
    text: (i: number) => `Text ${f.count(i)}`,
    save: (n: number) => `Save changes (${f.count(n)})`,
    cancel: 'Cancel',
    bulkLabel: 'Add phrases, one per line: .shortcut = text',
    add: 'Add phrases',
    /** The counter under the bulk field: how many, how many too many, lines that are not phrases. */
    count: (count: number, unread: number, max: number) =>
      `${f.count(count)} / ${f.plural(max, phrases)} per save` +
      (count > max ? ` — ${f.count(count - max)} too many` : '') +
      (unread > 0 ? ` — ${f.plural(unread, lines)} without “=” left out` : ''),
    /** A batch over the limit, refused before sending. */
    refused: (count: number, what: 'add' | 'change' | 'selectedChange' | 'selectedDelete', max: number) =>
      `${f.plural(count, phrases)} ${
        {
          add: 'to add',
          change: 'to change',
          selectedChange: 'selected to change',
          selectedDelete: 'selected to delete',
        }[what]
      }: at most ${f.count(max)} at a time. Leave out ${f.count(count - max)} and do them in a second step. Nothing was sent.`,
  },
  replacements: {
    heading: 'Dictation text replacements',
    none: 'None yet.',
    change: 'Change',
    delete: 'Delete',
    changeLabel: (spoken: string) => `Change replacement ${spoken}`,
    deleteLabel: (spoken: string) => `Delete replacement ${spoken}`,
    changeForm: 'Change replacement',
    addForm: 'Add replacement',
    whenISay: 'When I say',
    write: 'Write',
    save: 'Save changes',
    add: 'Add replacement',
    cancel: 'Cancel',
  },
};
