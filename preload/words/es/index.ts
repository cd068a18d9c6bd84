/** Spanish: the window and the CLI in Spanish (checked against English's shape by type and by test). */
import { buildWords } from '../build/words.ts';
import { CLI_PROBLEM_WORDS } from './cli-problem-words.ts';
import CLI from './cli.json' with { type: 'json' };
import UI_CONNECT from './ui-connect.json' with { type: 'json' };
import UI_SETTINGS from './ui-settings.json' with { type: 'json' };
import UI_VISIT from './ui-visit.json' with { type: 'json' };
import DICTATION_SCREEN from './dictation-screen.json' with { type: 'json' };
import SCHEDULE from './schedule.json' with { type: 'json' };
import APP from './app.json' with { type: 'json' };
import DICTATION from './dictation.json' with { type: 'json' };
import ERRORS from './errors.json' with { type: 'json' };
import REASONS from './reasons.json' with { type: 'json' };
import SETTINGS from './settings.json' with { type: 'json' };
import SERVICES from './services.json' with { type: 'json' };
import CHECKS from './checks.json' with { type: 'json' };
import NAMES from './names.json' with { type: 'json' };
import MIC from './mic.json' with { type: 'json' };
import MEDICATION from './medication.json' with { type: 'json' };

export const es = buildWords(
  'es',
  {
    ui: { ...UI_CONNECT, ...UI_SETTINGS, ...UI_VISIT },
    screens: { ...DICTATION_SCREEN, ...SCHEDULE, ...APP },
    dictation: DICTATION,
    failures: { ...ERRORS, ...REASONS, ...SETTINGS },
    services: { ...SERVICES, ...CHECKS },
    names: { ...NAMES, ...MIC, ...MEDICATION },
    cli: CLI,
  },
  CLI_PROBLEM_WORDS,
);
