import { useTranslation } from "react-i18next";

/**
 * A count in a back-office table (recipients, sent, failed…): the number in the staff member's
 * language, under its column's name on a phone (`data-label`, AdminTable's `stack`), and named by
 * `data-figure` for the tests that read it. A count not known yet shows a dash.
 */
export function FigureCell({ label, figure, value }: { label: string; figure: string; value: number | null }) {
  const { i18n } = useTranslation("admin");
  return (
    <td data-label={label} data-figure={figure}>
      {value === null ? "–" : new Intl.NumberFormat(i18n.language).format(value)}
    </td>
  );
}
