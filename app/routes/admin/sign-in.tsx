import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ApiError } from "~/lib/platform/api/errors";
import { StaffLanguageSwitch } from "~/components/admin/language-switch";
import adminStyles from "~/styles/admin.css";
import { data, i18next, redirect, refusalStatus, refusedPost, safeAdminPath } from "./sign-in.server";
import { siteConfig } from "~/components/page-kit";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { AuthenticityTokenInput, AuthenticityTokenProvider, Field, FormAlert, getFormProps, getInputProps, useForm } from "~/components/form/form-kit";

export const handle = { i18n: ["admin"] };
export const links = () => [{ rel: "stylesheet", href: adminStyles }];
// A held-back sign-in's page says how long to wait in its Retry-After too (Remix passes on only the cookies by itself).
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? siteConfig.brand }];

const SignInSchema = z.object({
  email: z.string({ required_error: "admin:signIn.errors.required" }).trim().max(200),
  password: z.string({ required_error: "admin:signIn.errors.required" }).max(200),
  redirectTo: z.string().max(500).optional(),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeAdminPath(new URL(request.url).searchParams.get("redirectTo"));
  if (context.staff) throw redirect(redirectTo);
  const [token, cookie, t] = [...(await context.forms.csrf.commitToken(request)), await i18next.getFixedT(request, "admin")];
  return data(
    { csrf: token, redirectTo, title: `${t("signIn.title")} | ${t("brand", { brand: siteConfig.brand })}` },
    { headers: cookie ? { "Set-Cookie": cookie } : {} },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Turned away before it was read (too many posts from this address): the form stays, with the reason.
  if (context.refusal) {
    return data({ status: "error" as const, error: { "": [context.refusal] } }, { status: refusalStatus(context.refusal) });
  }
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: SignInSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  if (await refusedPost(form, request, context)) {
    return data(submission.reply({ formErrors: ["admin:signIn.errors.csrf"], hideFields: ["password"] }), { status: 403 });
  }
  const { email, password } = submission.value;
  const result = await context.staffSessions
    .signIn(email, password, context.clientIp || undefined, request.headers.get("user-agent") ?? undefined)
    .catch((error: unknown) => {
      // The identity API is down or failing: said on the form, the e-mail kept, no stack trace.
      if (error instanceof ApiError) return { ok: false as const, reason: "unavailable" as const };
      throw error;
    });
  if (!result.ok && result.reason === "secondStep") {
    // The password was right; the code comes next, on its own page (it works without JavaScript too).
    const next = `/admin/sign-in/code?redirectTo=${encodeURIComponent(safeAdminPath(submission.value.redirectTo))}`;
    return redirect(next, { status: 303, headers: { "Set-Cookie": result.setCookie } });
  }
  if (!result.ok) {
    const reply = (key: string) => submission.reply({ formErrors: [key], hideFields: ["password"] });
    if (result.reason === "locked") {
      // The identity API says how long (ADR 031); an API that does not is taken to mean a minute.
      const seconds = Math.max(1, Math.ceil(result.retryAfter ?? 60));
      const wait = seconds < 120 ? { key: "lockedSeconds", count: seconds } : { key: "lockedMinutes", count: Math.ceil(seconds / 60) };
      return data({ ...reply(`admin:signIn.errors.${wait.key}`), count: wait.count }, { status: 429, headers: { "Retry-After": String(seconds) } });
    }
    return data(reply(`admin:signIn.errors.${result.reason}`), { status: result.reason === "invalid" ? 401 : 503 });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", result.setCookie);
  headers.append("Set-Cookie", await context.cookies.staffLanguage.serialize(result.staff.language));
  return redirect(safeAdminPath(submission.value.redirectTo), { status: 303, headers });
}

export default function SignIn() {
  const { csrf: token, redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(SignInSchema),
  });
  // How long a held-back sign-in waits, in the message's unit (seconds, or minutes from two minutes on).
  const count = lastResult && "count" in lastResult ? Number(lastResult.count) : 0;
  return (
    <main id="main" tabIndex={-1} className="admin-sign-in">
      <AuthenticityTokenProvider token={token}>
        <StaffLanguageSwitch className="admin-inline-form admin-sign-in-language" />
        <h1>{t("signIn.title")}</h1>
        <p>{t("signIn.intro")}</p>
        <Form method="post" {...getFormProps(form)} noValidate>
          <AuthenticityTokenInput />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <FormAlert errors={form.errors} values={{ count }} />
          <Field meta={fields.email} label={t("signIn.email")} required>
            {(hintId) => <input {...getInputProps(fields.email, { type: "email" })} autoComplete="username" aria-describedby={hintId} />}
          </Field>
          <Field meta={fields.password} label={t("signIn.password")} required>
            {() => <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" />}
          </Field>
          <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? t("signIn.submitting") : t("signIn.submit")}
          </button>
        </Form>
        <p>
          <Link to="/admin/sign-in/forgot">{t("signIn.forgotLink")}</Link>
        </p>
      </AuthenticityTokenProvider>
    </main>
  );
}
