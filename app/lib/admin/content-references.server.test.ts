import { describe, expect, test } from "vitest";
import { referenceChoices } from "~/lib/admin/content-references.server";
import type { ContentItem, ContentSummary } from "~/lib/platform/api/content-contract";
import { ApiError } from "~/lib/platform/api/errors";

const LANGS = ["en", "tr", "ru", "fr", "ar"] as const;
const each = <T>(value: (lang: (typeof LANGS)[number]) => T) => Object.fromEntries(LANGS.map((lang) => [lang, value(lang)]));

/** 250 treatments, named "Treatment 1"… (Turkish: "Tedavi 1"…), as the staff API lists them 100 to a page. */
function staffApi(total = 250) {
  const summary = (id: number) =>
    ({ id, label: `Treatment ${id}`, labels: { ...each(() => ""), en: `Treatment ${id}`, tr: `Tedavi ${id}` } }) as unknown as ContentSummary;
  const asked: string[] = [];
  const api = {
    async get(name: string, { params, query }: { params?: Record<string, string | number>; query?: Record<string, number> }) {
      asked.push(name === "contentList" ? `page ${query!.pageIndex}` : `item ${params!.id}`);
      if (name === "contentList") {
        const start = (query!.pageIndex - 1) * query!.pageSize;
        const ids = Array.from({ length: Math.max(0, Math.min(query!.pageSize, total - start)) }, (_, i) => start + i + 1);
        return { result: { data: ids.map(summary), totalCount: total, pageIndex: query!.pageIndex, pageSize: query!.pageSize } };
      }
      const id = Number(params!.id);
      if (id > 5000) throw new ApiError("status", "gone", 404);
      return { result: { texts: each((lang) => ({ fields: { title: lang === "en" ? `Treatment ${id}` : "" } })) } as unknown as ContentItem };
    },
  };
  return { api: api as never, asked };
}

const untitled = (id: number) => `#${id}`;

describe("a reference's choices", () => {
  test("every item of the kind, past the list's first page, in the staff member's language", async () => {
    const { api, asked } = staffApi();
    const options = await referenceChoices(api, "treatment", 1, "tr", untitled);
    expect(options).toHaveLength(250);
    expect(options[0]).toEqual({ value: "1", label: "Tedavi 1" });
    expect(options.at(-1)).toEqual({ value: "250", label: "Tedavi 250" });
    expect(asked).toEqual(["page 1", "page 2", "page 3"]);
  });

  test("the item pointed at now is a choice even beyond the pages read, so a save keeps it", async () => {
    const { api } = staffApi(3000);
    const options = await referenceChoices(api, "treatment", 2345, "en", untitled);
    expect(options).toHaveLength(1001);
    expect(options.at(-1)).toEqual({ value: "2345", label: "Treatment 2345" });
    // Deleted meanwhile: still the value, named by its id.
    expect((await referenceChoices(api, "treatment", 9999, "en", untitled)).at(-1)).toEqual({ value: "9999", label: "#9999" });
  });

  test("no extra read when the current item is among the choices, or there is none", async () => {
    const { api, asked } = staffApi(40);
    expect(await referenceChoices(api, "treatment", null, "en", untitled)).toHaveLength(40);
    expect(await referenceChoices(api, "treatment", 12, "en", untitled)).toHaveLength(40);
    expect(asked).toEqual(["page 1", "page 1"]);
  });
});
