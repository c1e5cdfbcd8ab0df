import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ApiError } from "~/lib/platform/api/errors";
import { StaffLanguageSwitch } from "~/components/admin/language-switch";
import adminStyles from "~/styles/admin.css";
import { data, i18next, qrSvg, redirect, refusalStatus, refusedPost, safeAdminPath } from "./sign-in-code.server";
import { siteConfig } from "~/components/page-kit";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { AuthenticityTokenInput, AuthenticityTokenProvider, Field, FormAlert, getFormProps, getInputProps, useForm } from "~/components/form/form-kit";

export const handle = { i18n: ["admin"] };
export const links = () => [{ rel: "stylesheet", href: adminStyles }];
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? siteConfig.brand }];

const CodeSchema = z.object({
  code: z.string({ required_error: "admin:signIn.errors.required" }).trim().max(40),
  redirectTo: z.string().max(500).optional(),
});

/** Without a sign-in waiting for its code, this page has nothing to ask: back to the password. */
const toSignIn = (clear: string) => redirect("/admin/sign-in", { headers: { "Set-Cookie": clear } });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeAdminPath(new URL(request.url).searchParams.get("redirectTo"));
  if (context.staff) throw redirect(redirectTo);
  const pending = await context.staffSessions.pending(request.headers.get("cookie") ?? undefined);
  if (!pending) throw toSignIn(context.staffSessions.clearedPending());
  // The owner requires two factors of this user's role and they have none yet: the setup comes first (ADR 047).
  // Null once the sign-in has ended: expired, or just finished by this page's own post (whose answer,
  // the recovery codes, is what the page then shows), so no redirect here.
  const setup = pending.step === "enrol" ? await context.staffSessions.setup(pending.token) : null;
  const ended = pending.step === "enrol" && !setup;
  const enrol = setup ? { secret: setup.secret, qr: await qrSvg(setup.uri) } : null;
  const [token, cookie, t] = [...(await context.forms.csrf.commitToken(request)), await i18next.getFixedT(request, "admin")];
  const title = t(enrol ? "signIn.enrolTitle" : "signIn.codeTitle");
  return data(
    { csrf: token, redirectTo, enrol, ended, title: `${title} | ${t("brand", { brand: siteConfig.brand })}` },
    { headers: cookie ? { "Set-Cookie": cookie } : {} },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (context.refusal) {
    return data({ status: "error" as const, error: { "": [context.refusal] } }, { status: refusalStatus(context.refusal) });
  }
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: CodeSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["code"] }), { status: 400 });
  if (await refusedPost(form, request, context)) {
    return data(submission.reply({ formErrors: ["admin:signIn.errors.csrf"], hideFields: ["code"] }), { status: 403 });
  }
  const pending = await context.staffSessions.pending(request.headers.get("cookie") ?? undefined);
  if (!pending) throw toSignIn(context.staffSessions.clearedPending());
  const result = await context.staffSessions.signInCode(pending.token, submission.value.code, context.clientIp || undefined).catch((error: unknown) => {
    if (error instanceof ApiError) return { ok: false as const, reason: "unavailable" as const };
    throw error;
  });
  if (!result.ok) {
    const reply = (key: string) => submission.reply({ formErrors: [key], hideFields: ["code"] });
    // Ten minutes passed, or the user was disabled meanwhile: the password again.
    if (result.reason === "expired") throw toSignIn(context.staffSessions.clearedPending());
    if (result.reason === "locked") {
      const seconds = Math.max(1, Math.ceil(result.retryAfter ?? 60));
      const wait = seconds < 120 ? { key: "lockedSeconds", count: seconds } : { key: "lockedMinutes", count: Math.ceil(seconds / 60) };
      return data({ ...reply(`admin:signIn.errors.${wait.key}`), count: wait.count }, { status: 429, headers: { "Retry-After": String(seconds) } });
    }
    return data(reply(`admin:signIn.errors.${result.reason}`), { status: result.reason === "invalidCode" ? 401 : 503 });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", result.setCookie);
  headers.append("Set-Cookie", result.clearPending);
  headers.append("Set-Cookie", await context.cookies.staffLanguage.serialize(result.staff.language));
  const next = safeAdminPath(submission.value.redirectTo);
  // Set up as the sign-in's second step: signed in now, and the recovery codes are shown this once.
  if (result.recoveryCodes) return data({ status: "enrolled" as const, recoveryCodes: result.recoveryCodes, next }, { headers });
  return redirect(next, { status: 303, headers });
}

export default function SignInCode() {
  const { csrf: token, redirectTo, enrol, ended } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const lastResult = answer && "recoveryCodes" in answer ? undefined : answer;
  const [form, fields] = useForm({ lastResult, constraint: getZodConstraint(CodeSchema) });
  const count = lastResult && "count" in lastResult ? Number(lastResult.count) : 0;
  if (answer && "recoveryCodes" in answer) {
    return (
      <main id="main" tabIndex={-1} className="admin-sign-in">
        <h1>{t("signIn.enrolledTitle")}</h1>
        <div role="status">
          <p>
            <strong>{t("account.twoFactor.codesOnce")}</strong>
          </p>
          <ul className="admin-recovery-codes">
            {answer.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </div>
        <p>
          <a className="button button-primary" href={answer.next}>
            {t("signIn.enrolledContinue")}
          </a>
        </p>
      </main>
    );
  }
  if (ended) {
    return (
      <main id="main" tabIndex={-1} className="admin-sign-in">
        <h1>{t("signIn.enrolTitle")}</h1>
        <p>{t("signIn.enrolEnded")}</p>
        <p>
          <Link to="/admin/sign-in">{t("signIn.codeStartAgain")}</Link>
        </p>
      </main>
    );
  }
  return (
    <main id="main" tabIndex={-1} className="admin-sign-in">
      <AuthenticityTokenProvider token={token}>
        <StaffLanguageSwitch className="admin-inline-form admin-sign-in-language" />
        <h1>{t(enrol ? "signIn.enrolTitle" : "signIn.codeTitle")}</h1>
        {enrol ? (
          <>
            <p>{t("signIn.enrolIntro")}</p>
            <p>{t("account.twoFactor.scan")}</p>
            {/* The QR code is an SVG drawn on the server from the otpauth address (no script, no request). */}
            <div className="admin-qr" role="img" aria-label={t("account.twoFactor.qrLabel")} dangerouslySetInnerHTML={{ __html: enrol.qr }} />
            <p>
              {t("account.twoFactor.typeSecret")} <code dir="ltr">{enrol.secret}</code>
            </p>
          </>
        ) : (
          <p>{t("signIn.codeIntro")}</p>
        )}
        <Form method="post" {...getFormProps(form)} noValidate>
          <AuthenticityTokenInput />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <FormAlert errors={form.errors} values={{ count }} />
          <Field meta={fields.code} label={t(enrol ? "account.twoFactor.code" : "signIn.code")} hint={enrol ? undefined : t("signIn.codeHint")} required>
            {(hintId) => (
              <input
                {...getInputProps(fields.code, { type: "text", ariaDescribedBy: hintId })}
                autoComplete="one-time-code"
                autoCapitalize="off"
                spellCheck={false}
                dir="ltr"
              />
            )}
          </Field>
          <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? t("signIn.submitting") : t(enrol ? "signIn.enrolSubmit" : "signIn.codeSubmit")}
          </button>
        </Form>
        <p>
          <Link to="/admin/sign-in">{t("signIn.codeStartAgain")}</Link>
        </p>
      </AuthenticityTokenProvider>
    </main>
  );
}
