/** French: the window and the CLI in French (checked against English's shape by type and by test). */
import type { Words } from '../words.ts';
import { CLI_WORDS } from './cli-words.ts';
import { CHECK_LABELS, checkDetailText, checkLabel, summaryText } from './check-words.ts';
import { MIC_WORDS, micStatusText } from './mic-words.ts';
import { MEDICATION_WORDS } from './medication-words.ts';
import { ERROR_TEXT, formatError } from './error-words.ts';
import { keyRefusalText } from './key-words.ts';
import { FIXED_LIMIT_TEXT, LIMIT_SUBJECT_TEXT, limitText } from './limit-words.ts';
import { baseUrlPhrase, HOTKEY_NAME_TEXT, REASON_TEXT, RESERVED_KEY_USE_TEXT } from './reason-words.ts';
import { CALLER_OPERATION_TEXT, clockHintText, serviceNoteText, streamErrorText } from './service-words.ts';
import { lockReasonText, SETTING_TITLES, settingsNoticeText, settingTitle } from './setting-words.ts';
import UI_CONNECT from './ui-connect.json' with { type: 'json' };
import UI_SETTINGS from './ui-settings.json' with { type: 'json' };
import UI_VISIT from './ui-visit.json' with { type: 'json' };
import { uiWords } from '../build/ui.ts';
import DICTATION_SCREEN from './dictation-screen.json' with { type: 'json' };
import SCHEDULE from './schedule.json' with { type: 'json' };
import APP from './app.json' with { type: 'json' };
import { screenWords } from '../build/screens.ts';
import DICTATION from './dictation.json' with { type: 'json' };
import { dictationWords } from '../build/dictation.ts';
import {
  languageName,
  CONDITION_STATUS_NAMES,
  conditionStatusName,
  ORDER_CATEGORY_NAMES,
  orderCategoryName,
  SECTION_TITLES,
  sectionTitle,
  templateName,
} from './name-words.ts';

export const fr: Words = {
  tag: 'fr',
  errors: ERROR_TEXT,
  reasons: REASON_TEXT,
  reservedKeyUses: RESERVED_KEY_USE_TEXT,
  hotkeyNames: HOTKEY_NAME_TEXT,
  limitSubjects: LIMIT_SUBJECT_TEXT,
  fixedLimits: FIXED_LIMIT_TEXT,
  checkLabels: CHECK_LABELS,
  callerOperations: CALLER_OPERATION_TEXT,
  settingTitles: SETTING_TITLES,
  mic: MIC_WORDS,
  medication: MEDICATION_WORDS,
  cli: CLI_WORDS,
  micStatusText,
  ...dictationWords('fr', DICTATION),
  ...screenWords('fr', { ...DICTATION_SCREEN, ...SCHEDULE, ...APP }),
  ui: uiWords('fr', { ...UI_CONNECT, ...UI_SETTINGS, ...UI_VISIT }),
  formatError,
  limitText,
  checkLabel,
  checkDetailText,
  summaryText,
  keyRefusalText,
  baseUrlPhrase,
  serviceNoteText,
  streamErrorText,
  clockHintText,
  settingTitle,
  lockReasonText,
  settingsNoticeText,
  languageName,
  templateName,
  sectionTitles: SECTION_TITLES,
  sectionTitle,
  orderCategories: ORDER_CATEGORY_NAMES,
  orderCategoryName,
  conditionStatuses: CONDITION_STATUS_NAMES,
  conditionStatusName,
};
