/**
 * How wide a list column is, in either language: never narrower than its
 * header on one line, as wide as the page's longest value up to a cap, and a
 * value beyond the cap is cut with an ellipsis (its full text on hover). The
 * table's width is the sum of its columns: wider than the screen it scrolls
 * sideways, narrower it stretches (rc-table spreads the rest). Pure.
 */
import type { WidgetKind } from './schemaFields';

/** Cell padding (16 px each side), the border and a little air. */
export const CELL_PADDING = 34;
/** A text column grows with its values up to this; longer values are cut. */
export const TEXT_COLUMN_MAX = 260;
/** A number or dictionary column grows with its labels up to this. */
export const NARROW_COLUMN_MAX = 200;

/** Width of a text at the table's font size (14 px; CJK characters about twice as wide as Latin ones). */
export function textWidth(text: string): number {
  return Math.ceil([...text].reduce((width, char) => width + (/[\u2E80-\uFFEF]/.test(char) ? 14 : 7.6), 0));
}

/** What a column starts from before its values: a date or time needs its whole format, a narrow column 96 px. */
function minimumOf(widget: WidgetKind | undefined, isNarrow: boolean): number {
  if (widget === 'datetime') return textWidth('2026-01-01 00:00:00') + CELL_PADDING;
  if (widget === 'date') return textWidth('2026-01-01') + CELL_PADDING;
  return isNarrow ? 96 : 100;
}

export interface ColumnWidthInput {
  title: string;
  widget?: WidgetKind;
  isNarrow: boolean;
  /** The texts the column shows (the page's values, a dictionary's labels). */
  values: readonly string[];
}

export interface ColumnWidth {
  width: number;
  /** Some value is longer than the column: cut it with an ellipsis and show it whole on hover. */
  isCut: boolean;
}

export function columnWidth({ title, widget, isNarrow, values }: ColumnWidthInput): ColumnWidth {
  const header = textWidth(title) + CELL_PADDING;
  const content = Math.max(0, ...values.map((value) => textWidth(value) + CELL_PADDING));
  const cap = Math.max(header, isNarrow ? NARROW_COLUMN_MAX : TEXT_COLUMN_MAX);
  const width = Math.min(cap, Math.max(header, content, minimumOf(widget, isNarrow)));
  return { width, isCut: content > width };
}
