/** The how-it-works steps, numbered, so a visitor sees the whole journey at a glance. */
export function Steps({ items }: { items: string[] }) {
  return (
    <ol className="home-steps">
      {items.map((item) => (
        <li key={item}>
          <p>{item}</p>
        </li>
      ))}
    </ol>
  );
}
