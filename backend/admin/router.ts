import express from "express";
import type { StaffServices } from "../staff-services";
import { createAuditRouter } from "./audit";
import { createImagesRouter } from "./images";
import { createLeadsRouter } from "./leads";
import { createSettingsRouter, type SettingsStore } from "./settings";
import { createStatsRouter } from "./stats";
import { createUsersRouter } from "./users";

/**
 * `/api/admin/…` with a staff bearer: each route checks its own permission (requireStaff). A path
 * none of them knows falls through to the client-token API, where `admin/multimedia/image` (the
 * public site's job-photo upload) lives on as before.
 */
export function createAdminRouter(services: StaffServices, settings: SettingsStore, onUnauthorized?: () => void) {
  const router = express.Router();
  router.use(createLeadsRouter(services, onUnauthorized));
  router.use(createStatsRouter(services, onUnauthorized));
  router.use(createUsersRouter(services, onUnauthorized));
  router.use(createAuditRouter(services, onUnauthorized));
  router.use(createSettingsRouter(services, settings, onUnauthorized));
  // Before any `content/:kind` route, whose pattern `content/images` would match too.
  router.use(createImagesRouter(services, onUnauthorized));
  return router;
}
