import express from "express";
import { z } from "zod";
import { requireStaff } from "../auth/require-staff";
import { list, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";

const Instant = z
  .string()
  .datetime({ offset: true })
  .transform((value) => new Date(value).toISOString());

const AuditQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(1).max(100_000).default(1),
  // An export reads up to 1000 entries a call.
  pageSize: z.coerce.number().int().min(1).max(1000).default(50),
  actorId: z.coerce.number().int().min(1).optional(),
  /** One action (`lead.status`) or a group by its prefix (`lead.`, `sign-in`). */
  action: z
    .string()
    .regex(/^[a-z][a-z.-]{0,39}$/)
    .optional(),
  since: Instant.optional(),
  before: Instant.optional(),
});

/** admin/audit: the log, newest first, filtered by who, what and when. */
export function createAuditRouter(services: StaffServices, onUnauthorized?: () => void) {
  const router = express.Router();
  router.get("/audit", requireStaff(services, "read:audit", onUnauthorized), (req, res) => {
    const query = parseOr400(AuditQuerySchema, req.query, res);
    if (!query) return;
    const { pageIndex, pageSize, ...filter } = query;
    const page = services.audit.list(pageIndex, pageSize, filter);
    res.json(list(page.data, page.totalCount, pageIndex, pageSize));
  });
  return router;
}
