import { useEffect, useRef } from "react";
import type { FormMetadata } from "~/components/form/form-kit";
import { proposedUris, uriField } from "~/lib/admin/content-slugs";
import type { ContentKind, Lang } from "~/lib/platform/api/content-contract";

type Values = { texts?: Partial<Record<Lang, Record<string, string | undefined> | undefined>> };

/**
 * As an editor types a title, its language's uri follows it (slug.ts), for as long as the uri is
 * empty or still the one proposed: a uri the editor wrote, or the item's own, is never changed.
 * Without JavaScript the save fills an empty uri the same way (content-slugs.ts).
 */
export function useProposedUris<Shape extends Values>(form: FormMetadata<Shape, string[]>, kind: ContentKind) {
  const proposed = useRef<Partial<Record<Lang, string>>>({});
  const value = form.value as Values | undefined;
  useEffect(() => {
    const read = (name: string) => {
      const [, lang, field] = name.split(".") as [string, Lang, string];
      return value?.texts?.[lang]?.[field] ?? "";
    };
    for (const [lang, uri] of Object.entries(proposedUris(kind, read)) as [Lang, string][]) {
      const current = read(uriField(lang));
      if ((current === "" || current === proposed.current[lang]) && current !== uri) {
        const input = document.forms.namedItem(form.id)?.elements.namedItem(uriField(lang));
        if (!(input instanceof HTMLInputElement)) continue;
        proposed.current[lang] = uri;
        // As if typed: the input event is what conform (and the search preview) read the value from.
        input.value = uri;
        input.dispatchEvent(new Event("input", { bubbles: true }));
      }
    }
  }, [value, kind, form.id]);
}
