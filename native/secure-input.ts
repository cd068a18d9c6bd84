/**
 * Secure Input (macOS): while a password prompt has it on, event taps and injected keys do not work, so
 * dictation must not type and the person must be told. The macOS insertion module fills this port through
 * `IsSecureEventInputEnabled`; elsewhere there is no such state.
 */

/** Port: is Secure Input on right now? */
export interface SecureInputProbe {
  /** False where the OS has no Secure Input (Windows, Linux). */
  readonly supported: boolean;
  isEnabled(): boolean;
}

/** The probe for platforms without Secure Input. */
export const noSecureInput: SecureInputProbe = { supported: false, isEnabled: () => false };

/** Test double: set `enabled` to simulate a password prompt. */
export class FakeSecureInput implements SecureInputProbe {
  readonly supported = true;
  enabled = false;
  isEnabled(): boolean {
    return this.enabled;
  }
}
