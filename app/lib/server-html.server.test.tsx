import { createInstance } from "i18next";
import { createContext, useContext, useId, useState } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next, useTranslation } from "react-i18next";
import { describe, expect, test } from "vitest";
import { optionsHtml } from "~/components/form/options-html";
import { Prerendered } from "~/components/prerendered";
import { ServerHtmlContext } from "~/components/server-html";
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
    const markers = ["34", "35", "", "99"].map((selected) => render.writer.listOptions(list, "towns", () => towns, selected));
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
    const marker = first.writer.part({ objects: [settings], key: "tr" }, <Greeting name="Ayşe" />);
    // React's own text separators, which hydration in the browser expects.
    expect(first.splice(page(marker)).toString()).toBe("<body><p>Merhaba<!-- --> <!-- -->Ayşe</p></body>");
    const second = pageHtml(turkish);
    expect(second.splice(page(second.writer.part({ objects: [settings], key: "tr" }, <Greeting name="Ayşe" />))).toString()).toContain("Merhaba<!-- --> <!-- -->Ayşe");
    expect(renders).toBe(1);

    // Another memo (new settings from the content cache, another key) or another language renders anew.
    second.writer.part({ objects: [{ phone: "2" }], key: "tr" }, <Greeting name="Ayşe" />);
    second.writer.part({ objects: [settings], key: "tr /tr/blog" }, <Greeting name="Ayşe" />);
    const english = pageHtml(await instance("Hello"));
    expect(english.splice(page(english.writer.part({ objects: [settings], key: "tr" }, <Greeting name="Ayşe" />))).toString()).toContain("Hello");
    expect(renders).toBe(4);
  });

  test("a part rendered inside the page's own render (renderToString, as entry.server does) sees only its translations, and the page after it keeps its context, state and ids", async () => {
    // Both renders are the same React renderer now (ADR 028): its module state must come back whole.
    const PageValue = createContext("default");
    function Reads() {
      return <i>{useContext(PageValue)}</i>;
    }
    function Stateful({ label }: { label: string }) {
      const [value] = useState(label);
      return <b id={useId()}>{value}</b>;
    }
    function Greeting() {
      return <p>{useTranslation().t("greeting")}</p>;
    }
    const part = (
      <div>
        <Greeting />
        <Reads />
        <Stateful label="in the part" />
      </div>
    );
    const turkish = await instance("Merhaba");
    const layout = (inside: JSX.Element) => (
      <I18nextProvider i18n={turkish}>
        <PageValue.Provider value="the page's">
          <Stateful label="before" />
          {inside}
          <Stateful label="after" />
          <Reads />
        </PageValue.Provider>
      </I18nextProvider>
    );
    const render = pageHtml(turkish);
    const spliced = render
      .splice(
        Buffer.from(
          renderToString(
            <ServerHtmlContext.Provider value={render.writer}>
              {layout(
                <Prerendered className="part" memo={{ objects: [{}], key: "nested" }}>
                  {part}
                </Prerendered>,
              )}
            </ServerHtmlContext.Provider>,
          ),
        ),
      )
      .toString();
    const [before, inPart, after] = [...spliced.matchAll(/<b id="([^"]+)">([^<]+)<\/b>/g)].map((m) => [m[1], m[2]]);
    expect([before[1], inPart[1], after[1]]).toEqual(["before", "in the part", "after"]);
    // The part: its own translations, the context's default; the page around it: its own values.
    expect(spliced).toContain('<div class="part"><div><p>Merhaba</p><i>default</i>');
    expect(spliced).toMatch(/<b id="[^"]+">after<\/b><i>the page&#x27;s<\/i>$/);
    // The page's ids are the ones it has without the part in it.
    const alone = renderToString(layout(<div className="part">{part}</div>));
    const ids = [...alone.matchAll(/<b id="([^"]+)">/g)].map((m) => m[1]);
    expect([before[0], after[0]]).toEqual([ids[0], ids[2]]);
  });

  test("a marker that names no bytes of its render is left as it is, and the rest of the page still spliced", async () => {
    const one = pageHtml(await instance("Merhaba"));
    const other = pageHtml(await instance("Merhaba"));
    const list = { towns };
    const own = other.writer.listOptions(list, "towns", () => towns, "");
    one.writer.listOptions(list, "towns", () => towns, "6");
    // The second marker of `one`: `other` has no second entry.
    const extra = one.writer.listOptions(list, "towns", () => towns, "35");
    const forged = "<!--kept:guess:0-->";
    expect(other.splice(page(forged, own, extra)).toString()).toBe(`<body>${forged}<hr>${optionsHtml(towns, "")}<hr>${extra}</body>`);
    // An unclosed marker ends the splicing; what follows it is kept as it is.
    const unclosed = own.slice(0, -3);
    expect(other.splice(page(own, unclosed)).toString()).toBe(`<body>${optionsHtml(towns, "")}<hr>${unclosed}</body>`);
  });

  test("with PARTS_MEMO=off (the bench's every cache off) a part and a list are written on every render, and still spliced whole", async () => {
    let renders = 0;
    let writes = 0;
    function Greeting() {
      renders++;
      return <p>{useTranslation().t("greeting")}</p>;
    }
    const turkish = await instance("Merhaba");
    const settings = { phone: "1" };
    const list = { towns };
    for (let i = 0; i < 2; i++) {
      const render = pageHtml(turkish, false);
      const markers = [render.writer.part({ objects: [settings], key: "tr" }, <Greeting />), render.writer.listOptions(list, "towns", () => (writes++, towns), "35")];
      expect(render.splice(page(...markers)).toString()).toBe(`<body><p>Merhaba</p><hr>${optionsHtml(towns, "35")}</body>`);
    }
    expect([renders, writes]).toEqual([2, 2]);
  });
});
