import type { ReactNode } from "react";

export interface TableColumn<Row> {
  header: string;
  cell(row: Row): ReactNode;
}

/**
 * A data table on wide screens; under 640 px each row becomes a card (a heading, then label: value pairs) so
 * nothing scrolls sideways on a phone. The first column names the row (the table's row header, the card's title).
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
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white sm:block" data-table-view="">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-100">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className="px-3 py-2">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                <th scope="row" className="px-3 py-2 align-top font-normal">
                  {first.cell(row)}
                </th>
                {rest.map((column) => (
                  <td key={column.header} className="px-3 py-2 align-top">
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="space-y-3 sm:hidden" data-card-view="">
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-xl border border-slate-200 bg-white p-4">
            <div className="text-base">{first.cell(row)}</div>
            <dl className="mt-2 space-y-2 text-sm">
              {rest.map((column) => (
                <div key={column.header}>
                  <dt className="font-semibold text-slate-700">{column.header}</dt>
                  <dd className="text-slate-900">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
