import type { ReactNode } from "react";

/**
 * The frame every back-office list shares: a table that scrolls sideways on its own on a narrow
 * screen, its caption for screen readers, one row of column headings; the rows are the children.
 * `wide`: it keeps its columns on a phone and scrolls, rather than squeeze every row tall.
 */
export function AdminTable({ caption, columns, wide = false, children }: { caption: string; columns: readonly string[]; wide?: boolean; children: ReactNode }) {
  return (
    <div className="admin-table-wrap">
      <table className={wide ? "admin-table admin-table-wide" : "admin-table"}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th scope="col" key={i}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
