import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminError } from "~/components/admin/admin-error";
import { StaffLanguageSwitch } from "~/components/admin/language-switch";
import { adminMenu } from "~/lib/admin/menu";
import adminStyles from "~/styles/admin.css";
import { data, requireStaff } from "./layout.server";
import { siteConfig } from "~/components/page-kit";
import { AuthenticityTokenInput, AuthenticityTokenProvider } from "~/components/form/form-kit";

export const handle = { i18n: ["admin"] };

export const links = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requireStaff(request, context);
  const [token, cookie] = await context.forms.csrf.commitToken(request);
  return data(
    {
      user: { name: staff.name, email: staff.email },
      menu: adminMenu([...staff.permissions]),
      csrf: token,
      // The public site's host, as a search result names it (the editor's search preview).
      siteHost: new URL(context.config.siteUrl).host,
    },
    { headers: cookie ? { "Set-Cookie": cookie } : {} },
  );
}

export default function AdminLayout() {
  const { user, menu, csrf: token } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <AuthenticityTokenProvider token={token}>
      <header className="admin-header">
        <Link to="/admin" className="admin-brand">
          {t("brand", { brand: siteConfig.brand })}
        </Link>
        <nav aria-label={t("menuLabel")} className="admin-nav">
          <ul>
            {menu.map((item) => (
              <li key={item.name}>
                <NavLink to={item.href} end={item.href === "/admin"} prefetch="intent">
                  {t(`menu.${item.name}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-user">
          <Link to="/admin/account">{t("signedInAs", { name: user.name })}</Link>
          <StaffLanguageSwitch />
          <Form method="post" action="/admin/sign-out" className="admin-inline-form">
            <AuthenticityTokenInput />
            <button type="submit" className="button button-secondary">
              {t("signOut")}
            </button>
          </Form>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="admin-main">
        <Outlet />
      </main>
    </AuthenticityTokenProvider>
  );
}

// The layout itself failed (no shell to show it in): the message alone.
export function ErrorBoundary() {
  return (
    <main id="main" tabIndex={-1} className="admin-main">
      <AdminError />
    </main>
  );
}
