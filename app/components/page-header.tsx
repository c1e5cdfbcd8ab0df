import type { ReactNode } from "react";

export function PageHeader({ title, lead, align = "start", children }: { title: string; lead?: string; align?: "start" | "center"; children?: ReactNode }) {
  return (
    <section className={`page-hero align-${align}`}>
      <div className="container">
        <h1>{title}</h1>
        {lead ? <p className="lead">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}
