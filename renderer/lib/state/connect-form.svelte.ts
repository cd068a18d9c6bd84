/** The Connect form while the screen is open: what is typed, what IT pins, and connecting. */
import type { AppState } from './app.svelte.ts';
import type { PolicyStore } from './policy.svelte.ts';
import {
  connectRequest,
  credentialKind,
  fieldProblem,
  signInChoices,
  type CredentialKind,
} from './connect-rules.ts';

/** The form's own state; made by the view, so it starts empty each time Connect opens. */
export class ConnectForm {
  typedUrl = $state('');
  chosenKind = $state<CredentialKind>('server');
  clientId = $state('');
  privateKeyPem = $state('');
  keyId = $state('');
  refreshToken = $state('');
  readonly #app: () => AppState;
  readonly #policy: () => PolicyStore;

  /** Both read the view's current props. */
  constructor(app: () => AppState, policy: () => PolicyStore) {
    this.#app = app;
    this.#policy = policy;
  }

  /** The service address: IT's when pinned, else what is typed. */
  get baseUrl(): string {
    return this.#policy().pinned('serviceUrl') ?? this.typedUrl;
  }
  get kind(): CredentialKind {
    const methods = this.#app().status?.methods;
    return credentialKind(this.#policy().pinned('signInMethod'), this.chosenKind, methods);
  }
  get choices(): { kind: CredentialKind }[] {
    return signInChoices(this.#app().status?.methods);
  }

  /**
   * Connects (or says which field is empty or mistyped). The secrets typed are cleared once connected; a
   * refusal keeps them, so the person corrects the field named instead of pasting the key again.
   */
  async submit(): Promise<void> {
    const problem = fieldProblem(this.baseUrl, this.kind, this);
    if (problem)
      return this.#app().refuse({ code: 'config_invalid', params: { reason: problem }, retryable: false });
    if (!(await this.#app().configure(connectRequest(this.baseUrl, this.kind, this)))) return;
    this.privateKeyPem = '';
    this.refreshToken = '';
  }
}
