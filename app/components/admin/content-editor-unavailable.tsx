import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { ContentEditor, type EditorProps } from "~/components/admin/content-editor";
import type { CurrentImage } from "~/lib/admin/content-editor-data";
import { ContentNav } from "~/components/admin/content-nav";

/** The action's answer to a form it sent back (content-actions.server.ts). */
interface Edited {
  result: SubmissionResult<string[]>;
  options?: EditorProps["options"];
  image?: CurrentImage | null;
  version?: number;
}

type Props = Pick<EditorProps, "kind" | "defaults" | "languages" | "canPublish"> & { id: number; canWrite: boolean; edited?: Edited };

/**
 * An item's editor while the API does not answer, so the item cannot be read: a form posted then
 * comes back as it was posted, the failure said above it, so nothing typed is lost (without
 * JavaScript the page is drawn anew); opened without a post, the page says the API is down.
 */
export function EditorUnavailable({ kind, id, canWrite, canPublish, defaults, languages, edited }: Props) {
  const { t } = useTranslation("admin");
  return (
    <section className="admin-page">
      <ContentNav />
      <h1>{edited ? `${t(`content.kind.${kind}`)} #${id}` : t("errors.unavailable.title")}</h1>
      {edited && canWrite ? (
        <ContentEditor
          kind={kind}
          id={id}
          defaults={defaults}
          languages={languages}
          options={edited.options ?? {}}
          image={{ imageId: null, src: null }}
          pendingImage={edited.image}
          canPublish={canPublish}
          lastResult={edited.result}
          version={edited.version}
        />
      ) : (
        <p>{t("errors.unavailable.text")}</p>
      )}
    </section>
  );
}
