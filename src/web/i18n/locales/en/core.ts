import type zh from '../zh/core';

/** English strings of the core screens; the same keys as zh/core.ts. */
const en: typeof zh = {
  app: { title: 'Reservoir Safety Console', shortTitle: 'Reservoir Safety', trial: 'Trial' },
  login: {
    title: 'Sign in',
    subtitle: 'Small reservoir safety supervision',
    tenantId: 'Tenant ID',
    tenantIdPlaceholder: 'Enter the tenant ID',
    account: 'Account',
    accountPlaceholder: 'Enter your account',
    password: 'Password',
    passwordPlaceholder: 'Enter your password',
    captcha: 'Captcha',
    captchaPlaceholder: 'Enter the captcha',
    refreshCaptcha: 'Hard to read? Get another',
    submit: 'Sign in',
    signingIn: 'Signing in...',
    tenantRequired: 'Please enter the tenant ID',
    accountRequired: 'Please enter your account',
    passwordRequired: 'Please enter your password',
    passwordTooShort: 'The password has at least 5 characters',
    captchaRequired: 'Please enter the captcha',
    captchaLength: 'The captcha has 5 characters',
    editions: { reservoir: 'Reservoir edition', jz: 'Reservoir matrix edition', zf: 'River and lake edition' },
  },
  wel: {
    greeting: '{{name}}, welcome to the {{title}}',
    tenant: 'Tenant',
    roles: 'Roles',
    menus: 'Available functions',
    version: 'Version {{version}} ({{date}})',
    todos: {
      title: 'To do',
      none: 'Nothing to do',
      inspectPending: 'Inspections to review',
      maintainPending: 'Maintenance to review',
      cleanPending: 'Cleaning rounds to review',
      risksOpen: 'Hazards awaiting rectification',
      risksInProgress: 'Hazards being rectified',
      plansActive: 'Inspection plans in force',
    },
  },
  errors: {
    notFound: 'Sorry, the page you visited does not exist',
    forbidden: 'Sorry, you may not open this page',
    serverError: 'Sorry, the server ran into an error',
    backHome: 'Back to the workbench',
    unknown: 'Unknown error',
    pending: 'This page is being built; coming soon.',
    noData: 'No data found',
  },
};

export default en;
