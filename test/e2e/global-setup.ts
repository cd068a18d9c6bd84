/** Builds the renderer once before the end-to-end files run. */
import { buildRenderer } from './bridge/build.ts';

export default async function setup(): Promise<void> {
  await buildRenderer();
}
