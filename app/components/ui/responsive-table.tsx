import type { ReactNode } from "react";

export interface TableColumn<Row> {
  header: string;
  cell(row: Row): ReactNode;
  /** Figures and dates: aligned to the end of the column on wide screens. */
  numeric?: boolean;
}

/** `data-*` attributes of a row (tests and styles find rows by them). */
export type RowAttributes = Record<`data-${string}`, string>;

/**
 * A data table on wide screens; under 640 px each row is drawn as a card (its first cell as the title, then each
 * cell under its column's name, from `data-label`) so nothing scrolls sideways on a phone. One markup for both, styled
 * by `.list-table` in app.css rather than by classes on every cell: each row is written once, and small. The explicit
 * roles keep the table's semantics for screen readers where a browser drops them with the cells' `display: block`.
 */
export function ResponsiveTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  empty,
  rowAttributes,
  footer,
}: {
  caption: string;
  rows: readonly Row[];
  rowKey(row: Row): string;
  columns: readonly [TableColumn<Row>, ...TableColumn<Row>[]];
  empty: ReactNode;
  rowAttributes?(row: Row): RowAttributes;
  /** Rows of totals under the list (`<tr role="row">` with `th`/`td`), kept out of the cards on phones. */
  footer?: ReactNode;
}) {
  const [first, ...rest] = columns;
  if (rows.length === 0) {
    return typeof empty === "string" ? <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">{empty}</p> : empty;
  }
  return (
    <div className="sm:overflow-x-auto sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white" data-list-table="">
      <table role="table" className="list-table">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="max-sm:sr-only">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.header} role="columnheader" scope="col" className={column.numeric ? "sm:text-right" : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row" {...rowAttributes?.(row)}>
              <th role="rowheader" scope="row">
                {first.cell(row)}
              </th>
              {rest.map((column) => (
                <td key={column.header} role="cell" data-label={column.header} className={column.numeric ? "tabular-nums sm:text-right" : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer ? (
          <tfoot role="rowgroup" className="list-table-footer">
            {footer}
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
