import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/app/components/ui/button";

/** The ?delete=<id> confirmation (intent "delete"). */
export function DeletePost({
  post,
  closeHref,
}: {
  post: { id: string; title: string };
  closeHref: string;
}) {
  const { t } = useTranslation("cms");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="grid gap-4">
      <div className="grid gap-1 pr-8">
        <h2 className="text-lg font-semibold">{t("delete.title")}</h2>
        <p className="text-sm text-slate-700">{t("delete.body", { title: post.title })}</p>
      </div>
      <Form method="post" className="flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={post.id} />
        <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          {t("actions.cancel")}
        </Link>
        <Button type="submit" variant="destructive" disabled={busy}>
          {t("delete.confirm")}
        </Button>
      </Form>
    </div>
  );
}
