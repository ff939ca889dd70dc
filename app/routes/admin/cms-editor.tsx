import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { EyeIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { FormFields } from "~/app/components/admin/form-fields";
import { Flash } from "~/app/components/flash";
import { Prose } from "~/app/components/prose";
import { SelectOptions } from "~/app/components/select-options";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { InputField } from "~/app/components/ui/field";
import type { Flash as FlashMessage } from "~/app/lib/action-result";
import { translateErrors } from "~/app/lib/form-errors";
import { PostFormSchema, slugify } from "~/domain/content";
import { BLOG_CATEGORIES, BLOG_STATUSES } from "~/domain/enums";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_NAMES, LANGUAGES } from "~/domain/languages";
import type { Post } from "~/server/content/posts.server";

/** A post as the editor's form holds it (tags as one comma-separated line). */
export function toEditable(post: Post) {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt ?? "",
    content: post.content,
    category: post.category,
    language: post.language,
    status: post.status,
    featuredImageUrl: post.featuredImageUrl ?? "",
    metaTitle: post.metaTitle ?? "",
    metaDescription: post.metaDescription ?? "",
    tags: post.tags.join(", "),
    version: post.version,
  };
}
export type Editable = ReturnType<typeof toEditable>;

/** What the last "save" or "preview" post of this editor answered. */
export type EditorReply = {
  result?: SubmissionResult<string[]>;
  flash?: FlashMessage | null;
  preview?: string | null;
} | null;

/** Write or edit a post (intent "save"), with a server-rendered Markdown preview ("preview"). */
export function PostEditor({
  post,
  reply,
  closeHref,
}: {
  post: Editable | null;
  reply: EditorReply;
  closeHref: string;
}) {
  const { t, i18n } = useTranslation("cms");
  const { t: tCommon } = useTranslation();
  const navigation = useNavigation();
  // A new post is most likely written in the language its author is using the back-office in.
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useForm({
    id: `post-${post?.id ?? "new"}`,
    lastResult: reply?.result,
    defaultValue: post ?? { category: "news", status: "draft", language },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PostFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const slugPreview = slugify(String(fields.slug.value ?? "") || String(fields.title.value ?? ""));
  const preview = reply?.preview;
  // Each field's label is `fields.<its name>` (a key built from data, so read loosely).
  const label = (name: string) => (t as unknown as (key: string) => string)(`fields.${name}`);
  const options = {
    category: (
      <SelectOptions
        options={BLOG_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))}
      />
    ),
    status: (
      <SelectOptions options={BLOG_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
    ),
    language: (
      <SelectOptions
        options={LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng] }))}
      />
    ),
  };
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="grid gap-4"
    >
      {post ? <input type="hidden" name="id" value={post.id} /> : null}
      {/* The version it was opened on: a save over a newer one is refused (decision record 37). */}
      {post ? <input type="hidden" name="version" value={post.version} /> : null}
      <Flash flash={reply?.flash} ns="cms" className="" />
      <FormFields
        fields={fields}
        ns="cms"
        labelOf={label}
        specs={[
          { input: "title", required: true },
          { input: "slug", hint: t("fields.slugHint", { slug: slugPreview || "…" }) },
          { textarea: "excerpt", rows: 2 },
          {
            textarea: "content",
            hint: t("fields.contentHint"),
            rows: 12,
            controlClassName: "font-mono text-sm",
          },
        ]}
      />
      <div>
        <Button type="submit" name="intent" value="preview" variant="outline" formNoValidate>
          <EyeIcon aria-hidden />
          {t("actions.preview")}
        </Button>
      </div>
      {preview !== null && preview !== undefined ? (
        <section
          aria-labelledby="post-preview-title"
          className="grid gap-2 rounded-lg border border-slate-200 p-4"
        >
          <h3 id="post-preview-title" className="text-sm font-semibold text-slate-700">
            {t("editor.preview")}
          </h3>
          {preview ? (
            <Prose html={preview} data-testid="post-preview" />
          ) : (
            <p className="text-sm text-slate-600">{t("editor.previewEmpty")}</p>
          )}
        </section>
      ) : null}
      <FormFields
        fields={fields}
        ns="cms"
        labelOf={label}
        specs={[
          {
            group: "grid3",
            fields: [
              { select: "category", children: options.category },
              { select: "status", hint: t("fields.statusHint"), children: options.status },
              // Each language by its own name, as the switcher shows them.
              { select: "language", label: tCommon("language.label"), children: options.language },
            ],
          },
        ]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {/* The upload is not in the schema: the action checks it and answers its errors. */}
        <InputField
          id={`${form.id}-featured-image`}
          label={t("fields.featuredImage")}
          hint={t("fields.featuredImageUploadHint")}
          errors={translateErrors(t, form.allErrors.featuredImage)}
          inputProps={{
            type: "file",
            name: "featuredImage",
            accept: "image/jpeg,image/png,image/webp,image/gif",
            className: "file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-2 file:py-1",
          }}
        />
        <FormFields
          fields={fields}
          ns="cms"
          labelOf={label}
          specs={[{ input: "featuredImageUrl", hint: t("fields.featuredImageHint") }]}
        />
      </div>
      <FormFields
        fields={fields}
        ns="cms"
        labelOf={label}
        specs={[
          {
            group: "grid",
            fields: [{ input: "metaTitle" }, { input: "tags", hint: t("fields.tagsHint") }],
          },
          { textarea: "metaDescription", rows: 2 },
        ]}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          {t("actions.cancel")}
        </Link>
        <Button type="submit" name="intent" value="save" disabled={busy}>
          {busy ? t("actions.saving") : post ? t("actions.update") : t("actions.create")}
        </Button>
      </div>
    </Form>
  );
}
