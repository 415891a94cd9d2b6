import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** One column of a DataTable: its header, its cell for a row, and how the cell reads. */
export type DataColumn<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** Figures: right-aligned, digits of one width. */
  numeric?: boolean;
  /** The cell names its row (a `th scope="row"`). */
  rowHeader?: boolean;
  /** Classes of this column's cell for `row` (e.g. a change coloured by its sign). */
  cellClassName?: (row: T) => string | undefined;
};

/**
 * The web app's data tables (the partner report, the credit ledger, the console's session page…): a caption screen
 * readers announce (shown when `showCaption`), column headers, one row per item, `empty` when there is none. Wider than
 * the screen, it scrolls sideways (unless `scrolls` is false) — except `stackOnPhone`, which below the `sm` width shows each row as a card of
 * 'header: value' lines (the header from the cell's `data-label`), so a 390 px phone reads it without scrolling.
 */
export function DataTable<T>({
  id,
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  empty,
  stackOnPhone = false,
  scrolls = true,
  className,
}: {
  /** The table element's id (a button controlling it names it). */
  id?: string;
  caption: string;
  showCaption?: boolean;
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  empty?: ReactNode;
  stackOnPhone?: boolean;
  /** False for a table that never outgrows its box (or sits in a clipped one): no sideways-scrolling region around it. */
  scrolls?: boolean;
  className?: string;
}) {
  const stack = stackOnPhone ? 'max-sm:block' : undefined;
  const last = columns.length - 1;
  return (
    <div className={cn(scrolls && (stackOnPhone ? 'sm:overflow-x-auto' : 'overflow-x-auto'), className)}>
      <table id={id} className={cn('w-full text-left text-sm', stack)}>
        <caption className={showCaption ? 'mb-2 text-left font-semibold text-slate-900' : 'sr-only'}>{caption}</caption>
        <thead className={cn('text-slate-600', stackOnPhone && 'max-sm:sr-only')}>
          <tr>
            {columns.map((c, i) => (
              <th key={c.header} scope="col" className={cn('py-2 font-medium', i < last && 'pr-3', c.numeric && 'text-right')}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cn('divide-y divide-slate-100', stack)}>
          {rows.length === 0 ? (
            <tr className={stack}>
              <td colSpan={columns.length} className={cn('py-2 text-slate-700', stack)}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={cn(stackOnPhone && 'max-sm:block max-sm:py-2')}>
                {columns.map((c, i) => {
                  const Cell = c.rowHeader ? 'th' : 'td';
                  return (
                    <Cell
                      key={c.header}
                      scope={c.rowHeader ? 'row' : undefined}
                      data-label={c.header}
                      className={cn(
                        'py-2 align-top',
                        i < last && 'pr-3',
                        c.numeric && 'text-right tabular-nums',
                        c.rowHeader && 'font-medium text-slate-900',
                        stackOnPhone && 'max-sm:flex max-sm:justify-between max-sm:gap-4 max-sm:py-0.5 max-sm:pr-0 max-sm:text-right',
                        stackOnPhone &&
                          !c.rowHeader &&
                          'max-sm:before:text-left max-sm:before:font-normal max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]',
                        stackOnPhone && c.rowHeader && 'max-sm:text-left',
                        c.cellClassName?.(row),
                      )}
                    >
                      {/* One box for the value, so that a stacked row's 'header: value' line keeps a cell's lines together. */}
                      <div>{c.cell(row)}</div>
                    </Cell>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
