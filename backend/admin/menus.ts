import express from "express";
import { LanguageCodeSchema } from "../../app/lib/platform/api/contract";
import { MenuDocSchema, type MenuDoc, type MenuState, type PublishedMenu } from "../../app/lib/platform/api/menus-contract";
import { menuShapeErrors, type MenuTable } from "../../app/lib/site/menu-shapes";
import routeTable from "../../app/route-table.json" with { type: "json" };
import { actorOf, requireStaff } from "../auth/require-staff";
import type { Clock } from "../clock";
import type { Db } from "../db";
import { fail, item, list, parseOr400 } from "../http";
import type { StaffServices } from "../staff-services";

const table = routeTable as unknown as MenuTable;

/**
 * The menus of each language (ADR 062): one draft and one published document per language, in
 * `menus` (state 'draft' or 'published'). No row: nothing saved, or the table's default shows.
 */
export function createMenuStore(db: Db, clock: Clock) {
  const read = db.prepare<[string, string], { doc: string; saved_at: string }>("SELECT doc, saved_at FROM menus WHERE lang = ? AND state = ?");
  const write = db.prepare(
    `INSERT INTO menus (lang, state, doc, saved_at, saved_by) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(lang, state) DO UPDATE SET doc = excluded.doc, saved_at = excluded.saved_at, saved_by = excluded.saved_by`,
  );
  const remove = db.prepare("DELETE FROM menus WHERE lang = ? AND state = 'published'");
  const published = db.prepare<[], { lang: string; doc: string; saved_at: string }>(
    "SELECT lang, doc, saved_at FROM menus WHERE state = 'published' ORDER BY lang",
  );
  const doc = (raw: string): MenuDoc => MenuDocSchema.parse(JSON.parse(raw));
  return {
    state(lang: string): MenuState {
      const draft = read.get(lang, "draft");
      const live = read.get(lang, "published");
      return {
        lang,
        draft: draft ? doc(draft.doc) : null,
        draftSavedAt: draft?.saved_at ?? null,
        published: live ? doc(live.doc) : null,
        publishedAt: live?.saved_at ?? null,
      };
    },
    saveDraft: (lang: string, menu: MenuDoc, by: number | null) => write.run(lang, "draft", JSON.stringify(menu), new Date(clock()).toISOString(), by),
    publish: (lang: string, menu: MenuDoc, by: number | null) => write.run(lang, "published", JSON.stringify(menu), new Date(clock()).toISOString(), by),
    withdraw: (lang: string) => remove.run(lang).changes > 0,
    published: (): PublishedMenu[] => published.all().map((row) => ({ lang: row.lang, menu: doc(row.doc), publishedAt: row.saved_at })),
  };
}
export type MenuStore = ReturnType<typeof createMenuStore>;

/** A menu as the API takes it: the contract's shape, then the route table's (pages of that language, its groups). */
function parseMenu(lang: string, body: unknown, res: express.Response): MenuDoc | null {
  const menu = parseOr400(MenuDocSchema, body, res);
  if (!menu) return null;
  const errors = menuShapeErrors(table, menu, lang);
  if (errors.length) {
    fail(res, 422, errors[0].code, errors[0].at);
    return null;
  }
  return menu;
}

/**
 * admin/menus/:lang (publish:content): read a language's draft and published menu; PUT …/draft
 * saves the draft, POST …/publish publishes the saved draft, POST …/withdraw goes back to the
 * route table's default. Each change is audited.
 */
export function createMenusAdminRouter(services: StaffServices, store: MenuStore, onUnauthorized?: () => void) {
  const router = express.Router();
  const guard = requireStaff(services, "publish:content", onUnauthorized);
  const langOf = (req: express.Request, res: express.Response) => {
    const parsed = LanguageCodeSchema.safeParse(req.params.lang);
    if (!parsed.success) fail(res, 404, "No such language");
    return parsed.success ? parsed.data : null;
  };
  const audit = (res: express.Response, action: string, lang: string) =>
    services.audit.record({ actor: actorOf(res), action, target: `menus:${lang}`, detail: lang, facts: { lang } });
  router.get("/menus/:lang", guard, (req, res) => {
    const lang = langOf(req, res);
    if (lang) res.json(item(store.state(lang)));
  });
  router.put("/menus/:lang/draft", guard, express.json({ limit: "64kb" }), (req, res) => {
    const lang = langOf(req, res);
    const menu = lang && parseMenu(lang, req.body, res);
    if (!lang || !menu) return;
    services.db.transaction(() => {
      store.saveDraft(lang, menu, actorOf(res)?.id ?? null);
      audit(res, "menu.save", lang);
    })();
    res.json(item(store.state(lang)));
  });
  router.post("/menus/:lang/publish", guard, (req, res) => {
    const lang = langOf(req, res);
    if (!lang) return;
    const draft = store.state(lang).draft;
    if (!draft) return fail(res, 409, "Nothing saved to publish");
    services.db.transaction(() => {
      store.publish(lang, draft, actorOf(res)?.id ?? null);
      audit(res, "menu.publish", lang);
    })();
    res.json(item(store.state(lang)));
  });
  router.post("/menus/:lang/withdraw", guard, (req, res) => {
    const lang = langOf(req, res);
    if (!lang) return;
    services.db.transaction(() => {
      if (store.withdraw(lang)) audit(res, "menu.withdraw", lang);
    })();
    res.json(item(store.state(lang)));
  });
  return router;
}

/** GET menus (client token): every published menu, for the public header and footer. */
export function createPublicMenusRouter(store: MenuStore) {
  const router = express.Router();
  router.get("/menus", (_req, res) => {
    const menus = store.published();
    res.json(list(menus, menus.length));
  });
  return router;
}
