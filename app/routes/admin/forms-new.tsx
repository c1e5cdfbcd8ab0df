import { titleMeta } from "~/lib/admin/title-meta";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { AuthenticityTokenInput } from "~/components/form/form-kit";
import { emptyForm } from "~/lib/admin/form-editor";
import { FORM_LIMITS, FormItemSchema } from "~/lib/platform/api/forms-contract";
import { adminTitle, data, redirect, requirePage, requirePost, staffCall } from "./forms-new.server";

export const handle = { i18n: ["admin"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePage(request, context, "forms-new");
  return { title: await adminTitle(request, "menu.forms") };
}

/** A new form: its name (for staff) and whether it asks about health; its fields are added on its own page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { staff, form } = await requirePost(request, context, "forms-new");
  const name = String(form.get("name") ?? "").trim();
  const health = form.get("health") === "on";
  if (!name || name.length > FORM_LIMITS.name) return data({ invalid: true, name: name.slice(0, FORM_LIMITS.name), health }, { status: 400 });
  const answer = await staffCall(context, () => context.staffApi.as(staff.token).send("POST", "admin/forms", { definition: emptyForm(name, health) }));
  const created = FormItemSchema.safeParse(answer.data);
  if (answer.status !== 201 || !created.success) throw data({ reason: "unavailable" }, { status: 503 });
  return redirect(`/admin/forms/${created.data.result.id}`);
}

export default function NewForm() {
  const refused = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  return (
    <section className="admin-page">
      <p>
        <Link to="/admin/forms">{t("forms.back")}</Link>
      </p>
      <h1>{t("forms.new")}</h1>
      <p>{t("forms.newIntro")}</p>
      <Form method="post" className="admin-panel" aria-labelledby="form-new-title">
        <AuthenticityTokenInput />
        <h2 id="form-new-title">{t("forms.newDetails")}</h2>
        {refused?.invalid ? (
          <p role="alert" id="form-new-error" className="field-error">
            {t("forms.errors.name")}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="form-name">{t("forms.name")}</label>
          <input
            id="form-name"
            name="name"
            type="text"
            required
            maxLength={FORM_LIMITS.name}
            defaultValue={refused?.name}
            dir="auto"
            aria-describedby={refused?.invalid ? "form-new-error form-name-hint" : "form-name-hint"}
          />
          <p id="form-name-hint" className="field-hint">
            {t("forms.nameHint")}
          </p>
        </div>
        <div className="field field-checkbox">
          <div className="checkbox-row">
            <input id="form-health" name="health" type="checkbox" defaultChecked={refused?.health} aria-describedby="form-health-hint" />
            <label htmlFor="form-health">{t("forms.health")}</label>
          </div>
          <p id="form-health-hint" className="field-hint">
            {t("forms.healthHint")}
          </p>
        </div>
        <div className="admin-actions">
          <button type="submit" className="button button-primary">
            {t("forms.create")}
          </button>
        </div>
      </Form>
    </section>
  );
}

export const ErrorBoundary = AdminError;
