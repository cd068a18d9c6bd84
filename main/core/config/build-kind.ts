/**
 * The BuildKind port: is this the installed app or a development build? The installed app ignores SCRIBE_*
 * environment variables unless the policy allows them and never lets SCRIBE_POLICY_FILE move its policy;
 * development builds and the CLI keep both. Electron answers with app.isPackaged (main/shells/electron/build-kind.ts);
 * the CLI and tests say it themselves, so the rule is tested under Node.
 */
export interface BuildKind {
  readonly packaged: boolean;
}
