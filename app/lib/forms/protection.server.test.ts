import { describe, expect, test, vi } from "vitest";
import { formStamp } from "~/lib/forms/protection.server";

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
