import type { Response } from "express";
import type { z } from "zod";

/** The contract's error wrapper: `{ hasError: true, errors: [{ field?, message }] }`. */
export const fail = (res: Response, status: number, message: string, field?: string) =>
  res.status(status).json({ hasError: true, errors: [{ message, ...(field ? { field } : {}) }] });

/** Parses with a contract schema; on a mismatch answers 400 with the first issue and returns null. */
export function parseOr400<T extends z.ZodTypeAny>(schema: T, input: unknown, res: Response): z.infer<T> | null {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  fail(res, 400, issue.message, issue.path.join(".") || undefined);
  return null;
}

export const item = <T>(result: T) => ({ hasError: false as const, result });

export const list = <T>(data: T[], totalCount: number, pageIndex = 1, pageSize = Math.max(data.length, 1)) => ({
  hasError: false as const,
  result: { data, totalCount, pageIndex, pageSize },
});

/** A positive integer route parameter, or null. */
export const idOf = (value: string | undefined) => (value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null);
