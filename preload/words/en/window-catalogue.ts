/** English's catalogue files the window shows (every language has English's, by type and by test). */
export { default as checks } from './checks.json' with { type: 'json' };
export { default as dictation } from './dictation.json' with { type: 'json' };
export { default as dictationScreen } from './dictation-screen.json' with { type: 'json' };
export { default as errors } from './errors.json' with { type: 'json' };
export { default as medication } from './medication.json' with { type: 'json' };
export { default as mic } from './mic.json' with { type: 'json' };
export { default as names } from './names.json' with { type: 'json' };
export { default as reasons } from './reasons.json' with { type: 'json' };
export { default as schedule } from './schedule.json' with { type: 'json' };
export { default as services } from './services.json' with { type: 'json' };
export { default as settings } from './settings.json' with { type: 'json' };
export { default as uiConnect } from './ui-connect.json' with { type: 'json' };
export { default as uiSettings } from './ui-settings.json' with { type: 'json' };
export { default as uiVisit } from './ui-visit.json' with { type: 'json' };
