/** A server's field errors (400 with data.errors) put on the matching fields of an antd form. */
import type { FormInstance } from 'antd';
import { fieldErrorsOf } from '../../renderers/formRules';

export function showFieldErrors(form: FormInstance, error: unknown, fields: readonly string[]): void {
  const errors = fieldErrorsOf(error).filter((entry) => fields.includes(entry.field));
  form.setFields(errors.map((entry) => ({ name: entry.field, errors: [entry.message] })));
}
