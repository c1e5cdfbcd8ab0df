import { describe, expect, test } from "vitest";
import { optionsHtml } from "~/components/form/options-html";

describe("optionsHtml", () => {
  test("writes a town's name as text, whatever characters the API sends", () => {
    const html = optionsHtml([{ value: '1"><script>', label: 'Kale & <Köy> "Yeni"' }], "");
    expect(html).toBe('<option value="1&#34;&#62;&#60;script&#62;">Kale &#38; &#60;Köy&#62; &#34;Yeni&#34;</option>');
  });

  test("marks the kept choice selected, and only it", () => {
    const html = optionsHtml(
      [
        { value: "", label: "Any" },
        { value: "7", label: "Adana" },
        { value: "17", label: "Ankara" },
      ],
      "17",
    );
    expect(html.match(/ selected/g)).toHaveLength(1);
    expect(html).toContain('<option value="17" selected>Ankara</option>');
  });
});
