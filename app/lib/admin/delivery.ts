/**
 * Why the API refused a lead, as the outbox recorded it ("API call api/contactForm answered
 * 422"): the status, so the page can say it in words. Null for a message without one.
 */
export function refusalStatus(reason: string): "400" | "413" | "415" | "422" | null {
  const status = /answered (\d{3})\b/.exec(reason)?.[1];
  return status === "400" || status === "413" || status === "415" || status === "422" ? status : null;
}
