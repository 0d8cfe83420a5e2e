/** A titled panel of a big screen; `flex` shares a column's height between its panels. */
import type { ReactNode } from 'react';

export interface ScreenPanelProps {
  title: string;
  children?: ReactNode;
  testId?: string;
  /** Shown at the right of the title (a unit, a small legend). */
  extra?: ReactNode;
  flex?: number;
}

export function ScreenPanel({ title, children, testId, extra, flex = 1 }: ScreenPanelProps) {
  return (
    <section className="screen-panel" data-testid={testId} style={{ flex }}>
      <header className="screen-panel-title">
        <span>{title}</span>
        {extra ? <span className="screen-panel-extra">{extra}</span> : null}
      </header>
      <div className="screen-panel-body">{children}</div>
    </section>
  );
}
