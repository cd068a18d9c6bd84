#!/usr/bin/env node
// `npx scribe …` in the repository (package.json's bin): the CLI from source, in this process (so a service
// manager's or a terminal's signals reach it directly), through tsx. IT runs the built folder instead
// (dist/cli/scribe-<os>-<arch>/scribe, see docs/cli.md).
import { register } from 'tsx/esm/api';

register();
await import('./index.ts');
