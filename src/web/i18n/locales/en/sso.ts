import type zh from '../zh/sso';

/** English strings of single sign-on, social sign-in and the registration dialog; the same keys as zh/sso.ts. */
const en: typeof zh = {
  sso: {
    editions: { sk: 'Reservoir edition', Hh: 'River and lake edition', Jz: 'Reservoir matrix edition' },
    title: 'Single sign-on · {{edition}}',
    redirecting: 'Taking you to the sign-in service…',
    signingIn: 'Signing in with single sign-on, please wait...',
    socialSigningIn: 'Signing in with the third-party account, please wait...',
    failed: 'Single sign-on did not complete',
    unreachable: 'The server cannot be reached; try again later',
    providerError: 'The sign-in service did not sign you in: {{error}}',
    stateMismatch: 'The sign-in could not be verified; please sign in again',
    retry: 'Sign in again',
    passwordSignIn: 'Sign in with a password',
    social: { title: 'Other ways to sign in' },
    register: {
      title: 'Register a third-party user',
      hint: 'This third-party account has no user here yet. Submit the details below; you can sign in once an administrator approves.',
      tenantId: 'Tenant ID',
      tenantIdPlaceholder: 'Enter the tenant ID',
      name: 'Name',
      namePlaceholder: 'Enter your name',
      account: 'Account',
      accountPlaceholder: 'Enter the account name',
      password: 'Password',
      passwordPlaceholder: 'Enter the password',
      password2: 'Confirm',
      password2Placeholder: 'Enter the password again',
      submit: 'Submit',
      cancel: 'Cancel',
      ok: 'OK',
      tenantRequired: 'Please enter tenant id first',
      accountRequired: 'Please enter account name first',
      passwordRequired: 'Please enter password first',
      passwordMismatch: 'The two passwords do not match',
      noticeTitle: 'Registration',
      submitted: 'Registration application submitted, please wait for administrator approval',
      failed: 'Submit failed',
    },
  },
};

export default en;
