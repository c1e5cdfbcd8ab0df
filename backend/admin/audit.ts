import express from "express";
import { z } from "zod";
import { requireStaff } from "../auth/require-staff";
import { list, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";

const AuditQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

/** admin/audit: the log, newest first. */
export function createAuditRouter(services: StaffServices, onUnauthorized?: () => void) {
  const router = express.Router();
  router.get("/audit", requireStaff(services, "read:audit", onUnauthorized), (req, res) => {
    const query = parseOr400(AuditQuerySchema, req.query, res);
    if (!query) return;
    const page = services.audit.list(query.pageIndex, query.pageSize);
    res.json(list(page.data, page.totalCount, query.pageIndex, query.pageSize));
  });
  return router;
}
