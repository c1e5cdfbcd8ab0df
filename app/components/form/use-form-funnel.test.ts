import { expect, test } from "vitest";
import { ANALYTICS_EVENT_PATH } from "~/lib/analytics/paths";
import { FORM_EVENT_PATH } from "./use-form-funnel";

test("form events go where page views go: the beacon's one path", () => {
  expect(FORM_EVENT_PATH).toBe(ANALYTICS_EVENT_PATH);
});
