/** A country's flag as an emoji, from its ISO code (regional indicator symbols): no image set needed. */
export const flagEmoji = (code: string) =>
  String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
