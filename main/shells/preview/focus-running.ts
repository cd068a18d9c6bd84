/**
 * `npm start`'s first step, before it builds (about 20 s), by its exit code (package.json's "start"): 0 a
 * browser preview already runs on this data folder and its window was brought to the front, so npm start
 * stops there; 2 no window can open here (no display), said in one line, so npm start fails before building;
 * 1 npm start goes on to build and start.
 */
import { beforeBuild } from './first-preview.ts';

process.exit(
  await beforeBuild(
    process.env,
    (line) => console.log(line),
    (line) => console.error(line),
  ),
);
