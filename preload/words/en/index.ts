/** English: the words the app has always shipped, and the locale every other one is checked against. */
import type { Words } from '../words.ts';
import { CLI_WORDS } from './cli-words.ts';
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
import ERRORS from './errors.json' with { type: 'json' };
import REASONS from './reasons.json' with { type: 'json' };
import SETTINGS from './settings.json' with { type: 'json' };
import { failureWords } from '../build/failures.ts';
import SERVICES from './services.json' with { type: 'json' };
import CHECKS from './checks.json' with { type: 'json' };
import { serviceWords } from '../build/services.ts';
import NAMES from './names.json' with { type: 'json' };
import MIC from './mic.json' with { type: 'json' };
import MEDICATION from './medication.json' with { type: 'json' };
import { nameWords } from '../build/names.ts';

const services = serviceWords('en', { ...SERVICES, ...CHECKS }, () => en);

export const en: Words = {
  tag: 'en',
  ...failureWords('en', { ...ERRORS, ...REASONS, ...SETTINGS }, () => services),
  ...services,
  ...nameWords('en', { ...NAMES, ...MIC, ...MEDICATION }),
  ...dictationWords('en', DICTATION),
  ...screenWords('en', { ...DICTATION_SCREEN, ...SCHEDULE, ...APP }),
  ui: uiWords('en', { ...UI_CONNECT, ...UI_SETTINGS, ...UI_VISIT }),
  cli: CLI_WORDS,
};
