import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { StaffLanguageSwitch } from "~/components/admin/language-switch";
import { AuthenticityTokenInput, AuthenticityTokenProvider, Field, FormAlert, getFormProps, getInputProps, useForm } from "~/components/form/form-kit";
import { siteConfig } from "~/components/page-kit";
import adminStyles from "~/styles/admin.css";
import { data, i18next, redirect, refusalStatus, refusedPost, requestResetLink } from "./forgot-password.server";

export const handle = { i18n: ["admin"] };
export const links = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? siteConfig.brand }];

const ForgotSchema = z.object({
  email: z.string({ required_error: "admin:forgot.errors.required" }).trim().max(200).email("admin:forgot.errors.email"),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (context.staff) throw redirect("/admin");
  const [[token, cookie], t] = [await context.forms.csrf.commitToken(request), await i18next.getFixedT(request, "admin")];
  return data({ csrf: token, title: `${t("forgot.title")} | ${t("brand", { brand: siteConfig.brand })}` }, { headers: cookie ? { "Set-Cookie": cookie } : {} });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Too many posts from this address (the sign-in pages' stricter limit): the form stays, with the reason.
  if (context.refusal) return data({ status: "error" as const, error: { "": [context.refusal] } }, { status: refusalStatus(context.refusal) });
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: ForgotSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (await refusedPost(form, request, context)) return data(submission.reply({ formErrors: ["admin:forgot.errors.csrf"] }), { status: 403 });
  // The same answer whether the address is a staff member's or not.
  if (!(await requestResetLink(context, submission.value.email))) {
    return data(submission.reply({ formErrors: ["admin:forgot.errors.unavailable"] }), { status: 503 });
  }
  return data({ sent: true as const });
}

export default function ForgotPassword() {
  const { csrf } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const lastResult = answer && "sent" in answer ? undefined : answer;
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const [form, fields] = useForm({ lastResult, constraint: getZodConstraint(ForgotSchema) });
  return (
    <main id="main" tabIndex={-1} className="admin-sign-in">
      <AuthenticityTokenProvider token={csrf}>
        <StaffLanguageSwitch className="admin-inline-form admin-sign-in-language" />
        <h1>{t("forgot.title")}</h1>
        {answer && "sent" in answer ? (
          <p role="status" data-testid="reset-sent">
            {t("forgot.sent")}
          </p>
        ) : (
          <>
            <p>{t("forgot.intro")}</p>
            <Form method="post" {...getFormProps(form)} noValidate>
              <AuthenticityTokenInput />
              <FormAlert errors={form.errors} />
              <Field meta={fields.email} label={t("forgot.email")} required>
                {(hintId) => <input {...getInputProps(fields.email, { type: "email" })} autoComplete="username" aria-describedby={hintId} />}
              </Field>
              <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
                {navigation.state === "submitting" ? t("forgot.submitting") : t("forgot.submit")}
              </button>
            </Form>
          </>
        )}
        <p>
          <Link to="/admin/sign-in">{t("forgot.back")}</Link>
        </p>
      </AuthenticityTokenProvider>
    </main>
  );
}
