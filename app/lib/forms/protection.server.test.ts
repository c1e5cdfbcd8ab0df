import { createHmac, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { describe, expect, test, vi } from "vitest";
import { createSiteCookies, CSRF_COOKIE } from "~/lib/platform/cookies.server";
import { createFormProtection } from "~/lib/forms/protection.server";

const SECRET = "a-test-secret-of-thirty-two-chars";
const {
  csrf,
  stamp: formStamp,
  filledInSeconds,
} = createFormProtection({
  secret: SECRET,
  cookie: createSiteCookies({ secure: false, secret: SECRET }).csrf,
  minFillSeconds: 2,
});

/** A form as the page renders it: the honeypot left empty and its stamp. */
function renderedForm(at: number) {
  vi.setSystemTime(at);
  const props = formStamp.inputProps();
  const form = new FormData();
  form.set(props.nameFieldName, "");
  form.set(props.validFromFieldName!, props.encryptedValidFrom);
  return form;
}

const HOUR = 60 * 60 * 1000;

describe("the form stamp: a minimum fill time, an expiry, one accepted lead", () => {
  test("sent after the minimum fill time it passes; sent at once it is a bot's", async () => {
    vi.useFakeTimers();
    const form = renderedForm(Date.parse("2026-11-24T10:00:00Z"));
    expect(await formStamp.verify(form)).toBe("spam");
    vi.setSystemTime(Date.parse("2026-11-24T10:00:03Z"));
    expect(await formStamp.verify(form)).toBeNull();
    vi.useRealTimers();
  });

  test("the stamp tells how long the form took to fill, from its render (ADR 054); no stamp of ours tells nothing", () => {
    vi.useFakeTimers();
    const rendered = Date.parse("2026-11-24T10:00:00Z");
    const form = renderedForm(rendered);
    vi.useRealTimers();
    expect(filledInSeconds(form, rendered + 42_900)).toBe(42);
    expect(filledInSeconds(new FormData(), rendered)).toBeNull();
    form.set("from__confirm", "g1.forged");
    expect(filledInSeconds(form, rendered)).toBeNull();
  });

  test("leaving the honeypot's fields out does not skip the check, and a forged stamp is refused", async () => {
    expect(await formStamp.verify(new FormData())).toBe("spam");
    const form = renderedForm(Date.now() - HOUR);
    vi.useRealTimers();
    const without = (name: string) => {
      const copy = new FormData();
      for (const [key, value] of form) if (key !== name) copy.set(key, value);
      return copy;
    };
    expect(await formStamp.verify(without("name__confirm"))).toBe("spam");
    expect(await formStamp.verify(without("from__confirm"))).toBe("spam");
    const forged = new FormData();
    forged.set("name__confirm", "");
    // remix-utils' crypto-js stamp, as pages carried it until 2026-11-27: long expired, and not read now.
    forged.set("from__confirm", "U2FsdGVkX19Mb3JlbWlwc3VtZG9sb3JzaXRhbWV0Y29uc2VjdGV0dXI=");
    expect(await formStamp.verify(forged)).toBe("spam");
    form.set("name__confirm", "bot text");
    expect(await formStamp.verify(form)).toBe("spam");
  });

  test("a day after it was rendered the form has expired", async () => {
    vi.useFakeTimers();
    const form = renderedForm(Date.parse("2026-11-24T10:00:00Z"));
    vi.setSystemTime(Date.parse("2026-11-25T10:01:00Z"));
    expect(await formStamp.verify(form)).toBe("csrf");
    vi.useRealTimers();
  });

  test("each page gets its own stamp; a stamp respelled or altered is refused", async () => {
    const stamps = Array.from({ length: 3 }, () => formStamp.inputProps().encryptedValidFrom);
    expect(new Set(stamps).size).toBe(3);
    const form = renderedForm(Date.now() - HOUR);
    vi.useRealTimers();
    expect(await formStamp.verify(form)).toBeNull();
    const stamp = String(form.get("from__confirm"));
    // The same bytes spelled another way (a character Node's decoder skips) must not pass as a new stamp.
    form.set("from__confirm", `${stamp.slice(0, 10)}!${stamp.slice(10)}`);
    expect(await formStamp.verify(form)).toBe("spam");
    // One bit changed in the sealed time: the seal no longer holds.
    const flipped = Buffer.from(stamp.slice(3), "base64url");
    flipped[flipped.length - 1] ^= 1;
    form.set("from__confirm", `g1.${flipped.toString("base64url")}`);
    expect(await formStamp.verify(form)).toBe("spam");
  });

  test("a stamp that carried an accepted lead cannot carry another", async () => {
    const form = renderedForm(Date.now() - HOUR);
    vi.useRealTimers();
    expect(await formStamp.claim(form)).toBe(true);
    expect(await formStamp.verify(form)).toBe("csrf");
    expect(await formStamp.claim(form)).toBe(false);
    await formStamp.release(form);
    expect(await formStamp.verify(form)).toBeNull();
  });
});

describe("the form token: the one its signed cookie holds", () => {
  const signedCookie = (value: string, secret = SECRET) =>
    createCookie(CSRF_COOKIE, { secrets: [secret] })
      .serialize(value)
      .then((header) => header.split(";")[0]);
  const posted = (token: string) => {
    const form = new FormData();
    form.set("csrf", token);
    return form;
  };

  test("a new token passes with its cookie, not with another token or a cookie the form secret did not sign", async () => {
    const [token, setCookie] = await csrf.commitToken();
    const cookie = setCookie!.split(";")[0];
    await expect(csrf.validate(posted(token), new Headers({ Cookie: cookie }))).resolves.toBeUndefined();
    const [other] = await csrf.commitToken();
    await expect(csrf.validate(posted(other), new Headers({ Cookie: cookie }))).rejects.toThrow(/authenticity/);
    await expect(csrf.validate(posted(token), new Headers({ Cookie: await signedCookie(token, "not the form secret") }))).rejects.toThrow(
      /Can't find CSRF token in cookie/,
    );
    // A returning visitor keeps the token their cookie holds.
    const [again, noCookie] = await csrf.commitToken(new Headers({ Cookie: cookie }));
    expect([again, noCookie]).toEqual([token, null]);
  });

  test("a token issued before 2026-11-28 (signed inside as well) still passes with its cookie", async () => {
    const drawn = randomBytes(32).toString("base64url");
    const before = `${drawn}.${createHmac("sha256", SECRET).update(drawn).digest("base64url")}`;
    await expect(csrf.validate(posted(before), new Headers({ Cookie: await signedCookie(before) }))).resolves.toBeUndefined();
  });
});
