/**
 * One field of the sign-in form laid out as antd's vertical form item was (label above, the check's message
 * under the input, in the item's bottom margin so nothing moves), without antd's Form (~35 KB gzipped).
 */
import type { ReactNode } from 'react';

export function LoginField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="login-field">
      <div className="login-field-label">
        <label htmlFor={id} title={label}>
          {label}
        </label>
      </div>
      {children}
      {error && (
        <div className="login-field-error" id={`${id}-error`} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
