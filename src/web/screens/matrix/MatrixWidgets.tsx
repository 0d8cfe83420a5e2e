/** Small building blocks of the matrix screens: a grid of big numbers and a compact dark table. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenStat, type ScreenStatProps } from '../ScreenStat';

export function StatGrid({ items, columns = 3 }: { items: ScreenStatProps[]; columns?: number }) {
  return (
    <div className="matrix-stat-grid" style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
      {items.map((item) => (
        <ScreenStat key={item.label} {...item} />
      ))}
    </div>
  );
}

export interface MatrixColumn<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  width?: number | string;
}

export function MatrixTable<T extends { id: string }>({ columns, rows, testId }: { columns: MatrixColumn<T>[]; rows: T[]; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="matrix-table" data-testid={testId}>
      <table>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} style={c.width ? { width: c.width } : undefined}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((c) => (
                <td key={c.key}>{c.render(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? <div className="matrix-empty">{t('matrixScreens.none')}</div> : null}
    </div>
  );
}

/** A muted note under a chart or a table. */
export function MatrixNote({ children }: { children: ReactNode }) {
  return <div className="matrix-note">{children}</div>;
}
