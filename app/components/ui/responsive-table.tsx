import type { ReactNode } from "react";

export interface TableColumn<Row> {
  header: string;
  cell(row: Row): ReactNode;
}

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
}: {
  caption: string;
  rows: readonly Row[];
  rowKey(row: Row): string;
  columns: readonly [TableColumn<Row>, ...TableColumn<Row>[]];
  empty: string;
}) {
  const [first, ...rest] = columns;
  if (rows.length === 0) return <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-700">{empty}</p>;
  return (
    <div className="sm:overflow-x-auto sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white" data-list-table="">
      <table role="table" className="list-table">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="max-sm:sr-only">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.header} role="columnheader" scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row">
              <th role="rowheader" scope="row">
                {first.cell(row)}
              </th>
              {rest.map((column) => (
                <td key={column.header} role="cell" data-label={column.header}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
