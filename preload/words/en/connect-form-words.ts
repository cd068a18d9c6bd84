/** Connect's forms (English): the service address and credentials, and the organization's sign-in. */
export const CONNECT_FORM_WORDS = {
  credentials: {
    serviceAddress: 'Service address',
    addressHint: 'Region us or eu in the address.',
    signIn: 'Sign-in',
    choices: {
      server: 'Server credentials (OAuth client)',
      'user-refresh-token': 'Clinician sign-in token',
    },
    clientId: 'OAuth client ID',
    keyId: 'Key ID (JWKS only)',
    privateKey: 'Private key (PEM)',
    privateKeyHint: 'Kept in the system keychain; never shown again.',
    refreshToken: 'Sign-in token',
    connect: 'Connect',
  },
  orgSignIn: {
    heading: 'Sign in with your organization',
    /** Around the identity provider's host name, shown in bold between the two. */
    browserOpens: 'Your web browser opens at',
    signInThere: '. Sign in there as you do for your other work apps, then come back here.',
    connected:
      'Connected. To sign in as someone else, Disconnect first (on a shared computer, Disconnect when you leave).',
    waiting: 'Waiting for you to finish signing in in your browser…',
    cancel: 'Cancel sign-in',
    signIn: 'Sign in with your organization',
    ownAccount: 'You sign in as yourself: your notes, dot phrases and settings are your own.',
  },
};
