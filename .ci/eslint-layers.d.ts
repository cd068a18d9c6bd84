// Types of the layering rule's plugin (eslint-layers.js), for the tests that lint with it directly.
import type { ESLint } from 'eslint';

/** The local plugin that holds the rule `layers/direction`. */
export declare const layers: ESLint.Plugin;
