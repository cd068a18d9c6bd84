/** The BuildKind port from Electron: the installed app is the packaged one. */
import { app } from 'electron';
import type { BuildKind } from '../../core/config/build-kind.ts';

/** Whether this process is the installed (packaged) app. */
export function electronBuildKind(): BuildKind {
  return { packaged: app.isPackaged };
}
