/**
 * The sign-in form's fields and their checks (the rules the page's antd form had): each field's first failing
 * check as a translation key, undefined when the field may be sent.
 */
export interface LoginValues {
  tenantId: string;
  username: string;
  password: string;
  code: string;
}

export type LoginFieldName = keyof LoginValues;

const PASSWORD_MIN_LENGTH = 5;
const CAPTCHA_LENGTH = 5;

export function loginFieldProblem(field: LoginFieldName, value: string): string | undefined {
  switch (field) {
    case 'tenantId':
      return value ? undefined : 'login.tenantRequired';
    case 'username':
      return value ? undefined : 'login.accountRequired';
    case 'password':
      if (!value) return 'login.passwordRequired';
      return value.length < PASSWORD_MIN_LENGTH ? 'login.passwordTooShort' : undefined;
    case 'code':
      if (!value) return 'login.captchaRequired';
      return value.length !== CAPTCHA_LENGTH ? 'login.captchaLength' : undefined;
  }
}
