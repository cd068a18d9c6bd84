/**
 * `npm start`'s first step, before it builds (about 20 s): when a browser preview already runs on this data
 * folder, its window is brought to the front and this exits 0, so npm start stops there; otherwise it
 * exits 1 and npm start goes on to build and start (package.json's "start").
 */
import { alreadyOpenLine, focusRunningPreview, previewDataDir } from './first-preview.ts';

const dataDir = previewDataDir(process.env);
if (await focusRunningPreview(dataDir)) {
  console.log(alreadyOpenLine(dataDir));
  process.exit(0);
}
process.exit(1);
