/** French: the window and the CLI in French (checked against English's shape by type and by test). */
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

const services = serviceWords('fr', { ...SERVICES, ...CHECKS }, () => fr);

export const fr: Words = {
  tag: 'fr',
  cli: CLI_WORDS,
  ...failureWords('fr', { ...ERRORS, ...REASONS, ...SETTINGS }, () => services),
  ...services,
  ...nameWords('fr', { ...NAMES, ...MIC, ...MEDICATION }),
  ...dictationWords('fr', DICTATION),
  ...screenWords('fr', { ...DICTATION_SCREEN, ...SCHEDULE, ...APP }),
  ui: uiWords('fr', { ...UI_CONNECT, ...UI_SETTINGS, ...UI_VISIT }),
};
