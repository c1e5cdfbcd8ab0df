import express from "express";
import { UserCreateSchema, UserUpdateSchema } from "../../app/lib/api/admin-contract";
import { actorOf, requireStaff } from "../auth/require-staff";
import { UserError } from "../auth/users";
import { fail, idOf, item, list, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";

const statusOf = (error: UserError) => (error.code === "not_found" ? 404 : 409);

/** admin/users…: the staff, created and changed by whoever holds write:user. */
export function createUsersRouter(services: StaffServices, onUnauthorized?: () => void) {
  const { users } = services;
  const router = express.Router();
  const json = express.json({ limit: "8kb" });

  router.get("/users", requireStaff(services, "read:user", onUnauthorized), (_req, res) => {
    const data = users.list();
    res.json(list(data, data.length));
  });

  router.post("/users", requireStaff(services, "write:user", onUnauthorized), json, async (req, res, next) => {
    const payload = parseOr400(UserCreateSchema, req.body, res);
    if (!payload) return;
    try {
      res.status(201).json(item(await users.create(payload, actorOf(res))));
    } catch (error) {
      if (error instanceof UserError) return fail(res, statusOf(error), error.code);
      next(error);
    }
  });

  router.patch("/users/:id", requireStaff(services, "write:user", onUnauthorized), json, async (req, res, next) => {
    const payload = parseOr400(UserUpdateSchema, req.body, res);
    if (!payload) return;
    const id = idOf(req.params.id);
    if (!id) return fail(res, 404, "Not found");
    try {
      res.json(item(await users.update(id, payload, actorOf(res))));
    } catch (error) {
      if (error instanceof UserError) return fail(res, statusOf(error), error.code);
      next(error);
    }
  });

  return router;
}
