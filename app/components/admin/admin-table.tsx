import type { ReactNode } from "react";

/**
 * The frame every back-office list shares: a table that scrolls sideways on its own on a narrow
 * screen, its caption for screen readers, one row of column headings; the rows are the children.
 * `wide`: it keeps its columns on a phone and scrolls, rather than squeeze every row tall.
 * `stack`: on a phone each row is a small card, its row heading on top and each cell under the name
 * of its column (the cells carry it as `data-label`), so nothing needs sideways scrolling.
 */
export function AdminTable(props: { caption: string; columns: readonly string[]; wide?: boolean; stack?: boolean; children: ReactNode }) {
  const { caption, columns, wide = false, stack = false, children } = props;
  return (
    <div className="admin-table-wrap">
      <table className={["admin-table", wide ? "admin-table-wide" : "", stack ? "admin-table-stack" : ""].filter(Boolean).join(" ")}>
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
