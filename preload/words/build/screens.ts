/**
 * The Dictation screen (box, history, sample, overlay), the clinician's day and Codes & more: the
 * catalogues' `dictation-screen.json` and `schedule.json`, their leaves called as the callers call them.
 */
import type DICTATION_SCREEN from '../en/dictation-screen.json';
import type SCHEDULE from '../en/schedule.json';
import { flagSignatures } from './flag-facts.ts';
import { EDIT_FLAG_CODES } from '../../contract/text-check-codes.ts';
import { compile, type Compiled, type Prepares } from '../messages.ts';

/** One language's screen words, as its catalogue files hold them. */
export type ScreensCatalogue = typeof DICTATION_SCREEN & typeof SCHEDULE;

const SCREEN_SIGNATURES = {
  ...flagSignatures('dictationScreen.flag'),
  ...flagSignatures('dictationScreen.editFlag', EDIT_FLAG_CODES),
  ...flagSignatures('dictationScreen.rewriteFlag', EDIT_FLAG_CODES),
  'dictationScreen.keepLabel': ['key'],
  'dictationScreen.fixLabel': ['key'],
  'dictationScreen.fixTo': ['to'],
  'dictationScreen.editLabel': ['key'],
  'dictationScreen.started': ['when', 'stale:boolean'],
  'dictationScreen.recoverLabel': ['time'],
  'dictationScreen.discardLabel': ['time'],
  'dictationScreen.whatCanISayHint': ['lang'],
  'dictationScreen.hint': ['toggleKey', 'holdKey:string?'],
  'dictationScreen.historyKept': ['hours:number'],
  'dictationScreen.freeKeys': ['keys'],
  'textsScreen.imported': ['count:number'],
  'textsScreen.leftOut': ['name', 'reason'],
  'dictationScreen.overlay.title': ['phase', 'app:string?'],
  'dictationScreen.overlay.panelField': ['field'],
  'dictationScreen.overlay.panelFieldsLeft': ['count:number'],
  'history.insertAgainLabel': ['time'],
  'history.copyLabel': ['time'],
  'history.resendLabel': ['time'],
  'history.deleteLabel': ['time'],
  'sampleDictation.corrected': ['before', 'after'],
  'schedule.startLabel': ['name', 'time'],
  'schedule.linkedTo': ['name'],
  'schedule.confirmTo': ['name'],
  'schedule.createTasks': ['count:number'],
  'schedule.tasksCreated': ['count:number'],
  'codesMore.copyCodeLabel': ['code'],
  'codesMore.copyOrderLabel': ['description'],
  'codesMore.copied': ['what', 'whole:boolean', 'chars:number', 'hidden:boolean'],
  'codesMore.minutesRange': ['min:number', 'max:number'],
} as const;

/** An empty text reads as none (`null`: the message's own words for nothing). */
const orNone = (text: string | null | undefined): string | null => text || null;

const PREPARE: Prepares<typeof SCREEN_SIGNATURES> = {
  'dictationScreen.hint': (toggleKey, holdKey) => ({ toggleKey, holdKey: orNone(holdKey) }),
  // ICU select keys are words: `corrected-in-box` is `corrected_in_box` in the message.
  'dictationScreen.overlay.title': (phase, app) => ({ phase: phase.replaceAll('-', '_'), app: orNone(app) }),
};

/** The screens' words in the language `tag`, from its catalogue. */
export function screenWords(tag: string, catalogue: ScreensCatalogue): ScreenWords {
  return compile(tag, catalogue, SCREEN_SIGNATURES, PREPARE);
}

/** The screens' words (English's keys: every language has every one). */
export type ScreenWords = Compiled<ScreensCatalogue, typeof SCREEN_SIGNATURES>;
