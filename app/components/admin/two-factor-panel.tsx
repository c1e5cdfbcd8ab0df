import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "~/components/form/form-kit";

export type TwoFactorShown =
  | { step: "setup"; secret: string; qr: string; error?: string }
  | { step: "codes"; recoveryCodes: string[] }
  | { step: "password"; intent: string; error: string };

/** A form of this panel: the page's token, its intent, and what it asks. */
function StepForm({ intent, children }: { intent: string; children: React.ReactNode }) {
  return (
    <Form method="post" className="admin-form">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

/** A password field whose error (a wrong password) is tied to it for screen readers. */
function PasswordField({ id, error }: { id: string; error?: string }) {
  const { t } = useTranslation("admin");
  return (
    <div className="field">
      <label htmlFor={id}>{t("account.twoFactor.password")}</label>
      <input
        id={id}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Two-factor sign-in on one's own account page: set up (a QR code drawn on the server, the secret as
 * text, a current code to confirm), the recovery codes shown once, and turning it off or asking for
 * new codes with the password. Plain forms: every step works without JavaScript.
 */
export function TwoFactorPanel({ enrolled, codesLeft, shown }: { enrolled: boolean; codesLeft: number; shown?: TwoFactorShown }) {
  const { t } = useTranslation("admin");
  return (
    <div className="admin-panel">
      <h2>{t("account.twoFactor.title")}</h2>
      {shown?.step === "codes" ? (
        <div role="status">
          <p>
            <strong>{t("account.twoFactor.codesOnce")}</strong>
          </p>
          <ul className="admin-recovery-codes">
            {shown.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {shown?.step === "setup" ? (
        <>
          <p>{t("account.twoFactor.scan")}</p>
          {/* The QR code is an SVG drawn on the server from the otpauth address (no script, no request). */}
          <div className="admin-qr" role="img" aria-label={t("account.twoFactor.qrLabel")} dangerouslySetInnerHTML={{ __html: shown.qr }} />
          <p>
            {t("account.twoFactor.typeSecret")} <code dir="ltr">{shown.secret}</code>
          </p>
          <StepForm intent="two-factor-confirm">
            <div className="field">
              <label htmlFor="two-factor-code">{t("account.twoFactor.code")}</label>
              <input
                id="two-factor-code"
                name="code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                dir="ltr"
                aria-invalid={shown.error ? true : undefined}
                aria-describedby={shown.error ? "two-factor-code-error" : undefined}
              />
              {shown.error ? (
                <p id="two-factor-code-error" className="field-error">
                  {t(shown.error)}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button button-primary">
              {t("account.twoFactor.confirm")}
            </button>
          </StepForm>
        </>
      ) : enrolled ? (
        <>
          <p>{t("account.twoFactor.on", { count: codesLeft })}</p>
          <StepForm intent="two-factor-codes">
            <PasswordField id="two-factor-codes-password" error={shown?.step === "password" && shown.intent === "two-factor-codes" ? shown.error : undefined} />
            <button type="submit" className="button button-secondary">
              {t("account.twoFactor.newCodes")}
            </button>
          </StepForm>
          <StepForm intent="two-factor-disable">
            <PasswordField
              id="two-factor-disable-password"
              error={shown?.step === "password" && shown.intent === "two-factor-disable" ? shown.error : undefined}
            />
            <button type="submit" className="button button-secondary">
              {t("account.twoFactor.turnOff")}
            </button>
          </StepForm>
        </>
      ) : shown?.step !== "codes" ? (
        <>
          <p>{t("account.twoFactor.off")}</p>
          <StepForm intent="two-factor-setup">
            <button type="submit" className="button button-primary">
              {t("account.twoFactor.setUp")}
            </button>
          </StepForm>
        </>
      ) : null}
    </div>
  );
}
