import type { PageText } from "~/lib/site/page-text.server";

export function ContentSections({ sections }: { sections: PageText["sections"] }) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.heading} className="content-section">
          <h2>{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {section.items?.length ? (
            <ul className="checklist">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </>
  );
}
