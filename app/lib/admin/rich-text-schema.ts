import type { Editor, Extensions } from "@tiptap/core";
import { Heading } from "@tiptap/extension-heading";
import { Image } from "@tiptap/extension-image";
import { StarterKit } from "@tiptap/starter-kit";
import { isBodyImage } from "~/lib/platform/api/body-images";

/** The heading levels a body is written with: the page's h1 is the site's, and the sanitizer keeps h2 to h4. */
export const HEADING_LEVELS = [2, 3, 4] as const;
export type HeadingLevel = (typeof HEADING_LEVELS)[number];

/**
 * Where a link may go: the schemes the public sanitizer keeps (https, mailto, tel) or a path on this
 * site. Anything else (http:, javascript:, a protocol-relative //host) would lose its address on the
 * page, so the editor refuses it when it is typed rather than after the save.
 */
export const isLinkHref = (href: string) => /^(https:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d][\d\s().-]*|\/(?!\/)\S*)$/i.test(href.trim());

/**
 * A heading read back from a saved body: the sanitizer re-levels headings to follow the page's h1 and
 * marks the level they were written at (`<h2 class="rich-text-h3">`, app/lib/site/rich-text-headings.ts).
 * The editor shows that written level, so an edit writes what the author wrote and the sanitizer
 * turns it into the same markup again.
 */
const WrittenHeading = Heading.extend({
  parseHTML() {
    return HEADING_LEVELS.flatMap((tagLevel) => [
      {
        tag: `h${tagLevel}`,
        getAttrs: (element: HTMLElement) => {
          const written = Number(/\brich-text-h([2-4])\b/.exec(element.className)?.[1] ?? tagLevel);
          return { level: written };
        },
      },
    ]).concat([5, 6].map((deep) => ({ tag: `h${deep}`, getAttrs: () => ({ level: 4 }) })));
  },
  /**
   * On screen only (the saved HTML keeps its h2–h4): a heading of the body drawn as a block with the
   * heading's look, not as a heading of the back office's page, whose outline is the form's (the page's
   * h1, then its fields). A body's first h3 would otherwise follow the page's h1 and break that outline;
   * the toolbar's pressed "Heading 3" says what the line is.
   */
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement("p");
      dom.className = `rich-text-heading rich-text-heading-${node.attrs.level as number}`;
      return { dom, contentDOM: dom, update: (next) => next.type === node.type && next.attrs.level === node.attrs.level };
    };
  },
});

/**
 * An image of the media library (the picker inserts it: rich-text-image-picker.tsx). Pasted or loaded,
 * only an img the public sanitizer keeps is taken (one of the site's own variants, with its size and
 * alt text); any other would show here and vanish on the page.
 */
const BodyImage = Image.extend({
  parseHTML() {
    return [
      {
        tag: "img[src]",
        getAttrs: (element: HTMLElement) => {
          const attributes = Object.fromEntries([...element.attributes].map((attribute) => [attribute.name, attribute.value]));
          return isBodyImage(attributes) ? null : false;
        },
      },
    ];
  },
}).configure({ inline: false, allowBase64: false });

/**
 * Only the nodes and marks the public sanitizer keeps (app/lib/site/sanitize.server.ts): paragraphs,
 * headings 2–4, bullet and numbered lists, quotes, bold, italic, line breaks, links and the site's own images. Whatever else
 * is pasted in has no place in the schema and is dropped as it arrives. No trailing empty paragraph:
 * it would change a saved body that nobody touched.
 */
export function bodyExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: false,
      code: false,
      codeBlock: false,
      horizontalRule: false,
      strike: false,
      underline: false,
      trailingNode: false,
      link: {
        openOnClick: false,
        // Links are made with the link button only: an autolinked address also grows with what is typed after it.
        autolink: false,
        defaultProtocol: "https",
        protocols: ["mailto", "tel"],
        // The sanitizer writes rel itself; a target would be dropped.
        HTMLAttributes: { rel: null, target: null },
        isAllowedUri: (url) => isLinkHref(url),
      },
    }),
    WrittenHeading.configure({ levels: [...HEADING_LEVELS] }),
    BodyImage,
  ];
}

/**
 * The body as the text area submits it: "" for an empty editor (so "required" still means something),
 * and a list item's lone paragraph unwrapped (`<li>text</li>`, as the seed and a hand-written body
 * have it; ProseMirror wraps every item's text in a paragraph).
 */
export function bodyHtml(editor: Editor): string {
  if (editor.isEmpty) return "";
  const holder = document.createElement("template");
  holder.innerHTML = editor.getHTML();
  for (const item of holder.content.querySelectorAll("li")) {
    const only = item.children.length === 1 ? item.firstElementChild : null;
    if (only?.tagName === "P" && item.childNodes.length === 1) only.replaceWith(...only.childNodes);
  }
  return holder.innerHTML;
}
