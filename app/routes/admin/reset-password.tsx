import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { StaffLanguageSwitch } from "~/components/admin/language-switch";
import { AuthenticityTokenInput, AuthenticityTokenProvider, Field, FormAlert, getFormProps, getInputProps, useForm } from "~/components/form/form-kit";
import { siteConfig } from "~/components/page-kit";
import adminStyles from "~/styles/admin.css";
import { data, i18next, redirectWithToast, refusalStatus, refusedPost, setPasswordWithLink } from "./reset-password.server";

export const handle = { i18n: ["admin"] };
export const links = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? siteConfig.brand }];
// The link's token is in the address: no other site learns it from a Referer. Not "no-referrer":
// browsers then send the form's post with `Origin: null`, which the cross-site check refuses.
export const headers: HeadersFunction = () => ({ "Referrer-Policy": "same-origin" });

/** Only the length here, to answer at once; the API's own rule (which may be stricter) decides. */
const ResetSchema = z.object({
  password: z.string({ required_error: "admin:reset.errors.required" }).min(12, "admin:reset.errors.short").max(200),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [[token, cookie], t] = [await context.forms.csrf.commitToken(request), await i18next.getFixedT(request, "admin")];
  return data(
    { csrf: token, title: `${t("reset.title")} | ${t("brand", { brand: siteConfig.brand })}` },
    { headers: { "Cache-Control": "no-store", ...(cookie ? { "Set-Cookie": cookie } : {}) } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (context.refusal) return data({ status: "error" as const, error: { "": [context.refusal] } }, { status: refusalStatus(context.refusal) });
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: ResetSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  if (await refusedPost(form, request, context)) {
    return data(submission.reply({ formErrors: ["admin:reset.errors.csrf"], hideFields: ["password"] }), { status: 403 });
  }
  const outcome = await setPasswordWithLink(context, params.token ?? "", submission.value.password);
  if (outcome === "done") return redirectWithToast(context, "/admin/sign-in", "admin:reset.done");
  const status = outcome === "unavailable" ? 503 : 400;
  return data({ ...submission.reply({ formErrors: [`admin:reset.errors.${outcome}`], hideFields: ["password"] }), linkDead: outcome === "link" }, { status });
}

export default function ResetPassword() {
  const { csrf } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const [form, fields] = useForm({ lastResult, constraint: getZodConstraint(ResetSchema) });
  const linkDead = Boolean(lastResult && "linkDead" in lastResult && lastResult.linkDead);
  return (
    <main id="main" tabIndex={-1} className="admin-sign-in">
      <AuthenticityTokenProvider token={csrf}>
        <StaffLanguageSwitch className="admin-inline-form admin-sign-in-language" />
        <h1>{t("reset.title")}</h1>
        <p>{t("reset.intro")}</p>
        <Form method="post" {...getFormProps(form)} noValidate>
          <AuthenticityTokenInput />
          <FormAlert errors={form.errors} />
          <Field meta={fields.password} label={t("reset.password")} hint={t("reset.hint")} required>
            {(hintId) => <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" aria-describedby={hintId} />}
          </Field>
          <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? t("reset.submitting") : t("reset.submit")}
          </button>
        </Form>
        {linkDead ? (
          <p>
            <Link to="/admin/sign-in/forgot">{t("reset.again")}</Link>
          </p>
        ) : null}
      </AuthenticityTokenProvider>
    </main>
  );
}
