import { createCookie } from "@remix-run/node";
import { Honeypot } from "remix-utils/honeypot/server";
import { describe, expect, test, vi } from "vitest";
import { createSiteCookies, CSRF_COOKIE } from "~/lib/cookies.server";
import { createFormProtection } from "~/lib/forms/protection.server";

const SECRET = "a-test-secret-of-thirty-two-chars";
const { csrf, stamp: formStamp } = createFormProtection({ secret: SECRET, cookie: createSiteCookies({ secure: false, secret: SECRET }).csrf, minFillSeconds: 2 });

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
  test("sent after the minimum fill time it passes; sent at once it is a bot's", () => {
    vi.useFakeTimers();
    const form = renderedForm(Date.parse("2026-11-24T10:00:00Z"));
    expect(formStamp.verify(form)).toBe("spam");
    vi.setSystemTime(Date.parse("2026-11-24T10:00:03Z"));
    expect(formStamp.verify(form)).toBeNull();
    vi.useRealTimers();
  });

  test("leaving both honeypot fields out does not skip the check, and a forged stamp is refused", () => {
    expect(formStamp.verify(new FormData())).toBe("spam");
    const forged = new FormData();
    forged.set("name__confirm", "");
    forged.set("from__confirm", "U2FsdGVkX19Mb3JlbWlwc3VtZG9sb3JzaXRhbWV0Y29uc2VjdGV0dXI=");
    expect(formStamp.verify(forged)).toBe("spam");
    const filled = renderedForm(Date.now() - HOUR);
    vi.useRealTimers();
    filled.set("name__confirm", "bot text");
    expect(formStamp.verify(filled)).toBe("spam");
  });

  test("a day after it was rendered the form has expired", () => {
    vi.useFakeTimers();
    const form = renderedForm(Date.parse("2026-11-24T10:00:00Z"));
    vi.setSystemTime(Date.parse("2026-11-25T10:01:00Z"));
    expect(formStamp.verify(form)).toBe("csrf");
    vi.useRealTimers();
  });

  test("each page gets its own stamp; a stamp respelled or from crypto-js's day before it is judged as before", () => {
    const stamps = Array.from({ length: 3 }, () => formStamp.inputProps().encryptedValidFrom);
    expect(new Set(stamps).size).toBe(3);
    const form = renderedForm(Date.now() - HOUR);
    vi.useRealTimers();
    expect(formStamp.verify(form)).toBeNull();
    const stamp = String(form.get("from__confirm"));
    // The same bytes spelled another way (a character Node's decoder skips) must not pass as a new stamp.
    form.set("from__confirm", `${stamp.slice(0, 10)}!${stamp.slice(10)}`);
    expect(formStamp.verify(form)).toBe("spam");
    // One bit changed in the sealed time: the seal no longer holds.
    const flipped = Buffer.from(stamp.slice(3), "base64url");
    flipped[flipped.length - 1] ^= 1;
    form.set("from__confirm", `g1.${flipped.toString("base64url")}`);
    expect(formStamp.verify(form)).toBe("spam");
    // Neither seal: nothing to read (crypto-js would draw a new salt, and a new answer, every time).
    expect(formStamp.decrypt("bm90IGEgc3RhbXAgYXQgYWxs")).toBe("");
    // A page rendered by the version before, with remix-utils' own crypto-js stamp.
    const before = new Honeypot({ encryptionSeed: SECRET }).getInputProps({ validFromTimestamp: Date.now() - HOUR });
    form.set("from__confirm", before.encryptedValidFrom);
    expect(formStamp.verify(form)).toBeNull();
  });

  test("a new form token passes remix-utils' own check of its signature", async () => {
    const [token, cookie] = await csrf.commitToken();
    expect(token).toMatch(/^[\w-]{43}\.[\w-]{43}$/);
    const form = new FormData();
    form.set("csrf", token);
    await expect(csrf.validate(form, new Headers({ Cookie: cookie!.split(";")[0] }))).resolves.toBeUndefined();
    const [other] = await csrf.commitToken();
    const tampered = `${other.split(".")[0]}.${token.split(".")[1]}`;
    const cookieOf = (value: string) => createCookie(CSRF_COOKIE, { secrets: [SECRET] }).serialize(value);
    await expect(csrf.validate(new FormData(), new Headers({ Cookie: (await cookieOf(tampered)).split(";")[0] }))).rejects.toThrow(/Tampered/);
  });

  test("a stamp that carried an accepted lead cannot carry another", () => {
    const form = renderedForm(Date.now() - HOUR);
    vi.useRealTimers();
    expect(formStamp.claim(form)).toBe(true);
    expect(formStamp.verify(form)).toBe("csrf");
    expect(formStamp.claim(form)).toBe(false);
    formStamp.release(form);
    expect(formStamp.verify(form)).toBeNull();
  });
});
