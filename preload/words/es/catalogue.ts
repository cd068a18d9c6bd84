/**
 * Spanish's catalogue: its files, by name (every language has English's, by type and by test). The window
 * loads only window-catalogue.ts's; the files below are worded by main and the CLI alone.
 */
export * from './window-catalogue.ts';
export { default as app } from './app.json' with { type: 'json' };
export { default as cli } from './cli.json' with { type: 'json' };
export { default as problems } from './problems.json' with { type: 'json' };
