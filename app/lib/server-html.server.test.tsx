import { createInstance } from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
import { describe, expect, test } from "vitest";
import { optionsHtml } from "~/components/form/options-html";
import { pageHtml } from "~/lib/server-html.server";

async function instance(greeting: string) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: "tr", resources: { tr: { translation: { greeting } } } });
  return i18n;
}

/** A page's bytes with the markers its components were given, as entry.server.tsx collects them. */
const page = (...parts: string[]) => Buffer.from(`<body>${parts.join("<hr>")}</body>`);

describe("pageHtml", () => {
  const towns = [
    { value: "", label: "Herhangi" },
    { value: "6", label: "Çankaya & <Ankara>" },
    { value: "35", label: "İzmir" },
    { value: "34", label: "İstanbul — Şişli" },
  ];

  test("a long list's options are spliced in as optionsHtml writes them, the kept choice selected, after names of several bytes per letter", async () => {
    const render = pageHtml(await instance("Merhaba"));
    const list = { towns };
    const markers = ["34", "35", "", "99"].map((selected) => render.html.listOptions(list, "towns", () => towns, selected));
    expect(markers.join("")).not.toContain("İzmir");
    const spliced = render.splice(page(...markers)).toString();
    expect(spliced).toBe(`<body>${["34", "35", "", "99"].map((selected) => optionsHtml(towns, selected)).join("<hr>")}</body>`);
    // One per list but the last, whose kept choice ("99") is not listed.
    expect(spliced.match(/ selected/g)).toHaveLength(3);
    expect(spliced).toContain('<option value="34" selected>İstanbul — Şişli</option>');
  });

  test("a part is rendered once per language and memo, in that language, and spliced in as React writes it", async () => {
    let renders = 0;
    function Greeting({ name }: { name: string }) {
      const { t } = useTranslation();
      renders++;
      return (
        <p>
          {t("greeting")} {name}
        </p>
      );
    }
    const turkish = await instance("Merhaba");
    const settings = { phone: "1" };
    const first = pageHtml(turkish);
    const marker = first.html.part({ objects: [settings], key: "tr" }, <Greeting name="Ayşe" />);
    // React's own text separators, which hydration in the browser expects.
    expect(first.splice(page(marker)).toString()).toBe("<body><p>Merhaba<!-- --> <!-- -->Ayşe</p></body>");
    const second = pageHtml(turkish);
    expect(second.splice(page(second.html.part({ objects: [settings], key: "tr" }, <Greeting name="Ayşe" />))).toString()).toContain("Merhaba<!-- --> <!-- -->Ayşe");
    expect(renders).toBe(1);

    // Another memo (new settings from the content cache, another key) or another language renders anew.
    second.html.part({ objects: [{ phone: "2" }], key: "tr" }, <Greeting name="Ayşe" />);
    second.html.part({ objects: [settings], key: "tr /tr/blog" }, <Greeting name="Ayşe" />);
    const english = pageHtml(await instance("Hello"));
    expect(english.splice(page(english.html.part({ objects: [settings], key: "tr" }, <Greeting name="Ayşe" />))).toString()).toContain("Hello");
    expect(renders).toBe(4);
  });

  test("a marker names its render's bytes only: text that looks like one is left as it is", async () => {
    const render = pageHtml(await instance("Merhaba"));
    const forged = "<!--kept:guess:0-->";
    const marker = render.html.listOptions({ towns }, "towns", () => towns, "");
    expect(render.splice(page(forged, marker)).toString()).toBe(`<body>${forged}<hr>${optionsHtml(towns, "")}</body>`);
  });
});
