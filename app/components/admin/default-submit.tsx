/**
 * The button Enter presses in a form of several submit buttons. HTML's implicit submission presses
 * the form's first submit button in tree order; in a form whose rows carry their own buttons (move,
 * remove), that would be the first row's, and Enter typed in a label would move or remove a row.
 * Placed first in such a form, this one does what the visible Save button does. It is out of sight,
 * out of the tab order and out of the accessibility tree: the visible button is the one to reach.
 */
export function DefaultSubmit({ name, value, label }: { name: string; value: string; label: string }) {
  return (
    <button type="submit" name={name} value={value} className="visually-hidden" tabIndex={-1} aria-hidden="true">
      {label}
    </button>
  );
}
