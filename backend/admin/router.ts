import express from "express";
import { createEditorial } from "../content/editorial";
import type { ContentStore } from "../content-store";
import { createAlertSettingsRouter } from "../mail/alert-settings";
import type { AlertState } from "../mail/alert-state";
import type { StaffServices } from "../staff-services";
import { createAccountRouter } from "./account";
import { createTwoFactorPolicyRouter } from "../auth/two-factor-policy";
import { createAuditRouter } from "./audit";
import { createContentRouter } from "./content";
import { createPageFiles } from "../content/page-files";
import { createPageFilesRouter } from "./page-files";
import { createImagesRouter } from "./images";
import { createLeadPipelineRouter } from "./lead-pipeline";
import { createLeadsRouter } from "./leads";
import { createOutboxRouter } from "./outbox";
import { createPatientsRouter } from "./patients";
import { createSettingsRouter, type SettingsStore } from "./settings";
import { createStatsRouter } from "./stats";
import { createCustomerFiguresRouter } from "./customer-figures";
import { createUsersRouter } from "./users";
import { createDownloadFiguresRouter } from "../analytics/downloads";

/**
 * `/api/admin/…` with a staff bearer: each route checks its own permission (requireStaff). A path
 * none of them knows falls through to the client-token API, where `admin/multimedia/image` (the
 * public site's job-photo upload) lives on as before.
 */
export function createAdminRouter(services: StaffServices, settings: SettingsStore, content: ContentStore, alerts: AlertState, onUnauthorized?: () => void) {
  const router = express.Router();
  router.use(createLeadsRouter(services, onUnauthorized));
  router.use(createLeadPipelineRouter(services, onUnauthorized));
  router.use(createPatientsRouter(services, onUnauthorized));
  router.use(createStatsRouter(services, onUnauthorized));
  router.use(createCustomerFiguresRouter(services, onUnauthorized));
  router.use(createDownloadFiguresRouter(services, onUnauthorized));
  router.use(createUsersRouter(services, onUnauthorized));
  router.use(createAccountRouter(services, onUnauthorized));
  router.use(createAuditRouter(services, onUnauthorized));
  router.use(createOutboxRouter(services, onUnauthorized));
  router.use(createSettingsRouter(services, settings, onUnauthorized));
  router.use(createAlertSettingsRouter(services, alerts, onUnauthorized));
  router.use(createTwoFactorPolicyRouter(services, onUnauthorized));
  // Before any `content/:kind` route, whose pattern `content/images` would match too.
  router.use(createImagesRouter(services, onUnauthorized));
  const editorial = createEditorial({ db: services.db, audit: services.audit, clock: services.clock, content });
  router.use(createPageFilesRouter(services, createPageFiles(services.db), onUnauthorized));
  router.use(createContentRouter(services, editorial, onUnauthorized));
  return router;
}
