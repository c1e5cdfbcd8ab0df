import { useEffect, useId, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { isLang, textDirection } from "~/lib/site/route-table";
import { useAuthenticityToken } from "~/components/form/form-kit";

/** Typing pauses this long before the server is asked: one request per pause, not per key. */
const DEBOUNCE_MS = 400;
const SANITIZE_PATH = "/admin/content/sanitize";

/**
 * Beside an HTML text area, with JavaScript: the body as the public page will print it, cleaned by
 * the server's sanitizer (routes/admin/content-sanitize.tsx), following the typing. Without
 * JavaScript there is nothing here; the Preview link shows the saved draft as its page.
 */
export function ContentBodyPreview({ textareaId, lang, uiLang, label }: { textareaId: string; lang?: string; uiLang: string; label: string }) {
  const hydrated = useHydrated();
  const token = useAuthenticityToken();
  const labelId = useId();
  const [html, setHtml] = useState("");
  useEffect(() => {
    if (!hydrated) return;
    const area = document.getElementById(textareaId);
    if (!(area instanceof HTMLTextAreaElement)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: AbortController | undefined;
    const render = async () => {
      pending?.abort();
      const controller = (pending = new AbortController());
      const body = new FormData();
      body.set("csrf", token);
      body.set("html", area.value);
      try {
        const res = await fetch(SANITIZE_PATH, { method: "POST", body, signal: controller.signal, credentials: "same-origin" });
        if (!res.ok) return;
        const answer = (await res.json()) as { html?: unknown };
        if (typeof answer.html === "string") setHtml(answer.html);
      } catch (error) {
        // A newer keystroke took over, or the network went: the last preview stays.
        if ((error as { name?: string }).name !== "AbortError") return;
      }
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(render, DEBOUNCE_MS);
    };
    if (area.value.trim()) void render();
    area.addEventListener("input", schedule);
    return () => {
      clearTimeout(timer);
      pending?.abort();
      area.removeEventListener("input", schedule);
    };
  }, [hydrated, textareaId, token]);
  if (!hydrated) return null;
  return (
    <div>
      <p id={labelId} className="content-preview-label" lang={uiLang}>
        <bdi>{label}</bdi>
      </p>
      {/* Only what the server's sanitizer returned is put in as markup. A long text scrolls inside the
          box, so the box takes keyboard focus too (WCAG 2.1.1: a scrolling region must be reachable). */}
      <div
        className="content-preview rich-text"
        role="region"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region, see above
        tabIndex={0}
        aria-labelledby={labelId}
        lang={lang}
        dir={lang && isLang(lang) ? textDirection(lang) : undefined}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </div>
  );
}
