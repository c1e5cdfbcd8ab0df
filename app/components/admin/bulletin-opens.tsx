import { useTranslation } from "react-i18next";

/** Opens, only for an issue sent while the owner counted them (ADR 057 amended), with why they overstate. */
export function OpensFigure({ total, unique, format }: { total: number; unique: number; format: (n: number) => string }) {
  const { t } = useTranslation("admin");
  return (
    <>
      <dt>{t("bulletins.columns.opens")}</dt>
      <dd data-figure="opens" data-total={total} data-unique={unique}>
        {t("bulletins.opens", { total: format(total), unique: format(unique) })} <small>{t("bulletins.opensHint")}</small>
      </dd>
    </>
  );
}
