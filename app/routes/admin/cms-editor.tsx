import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { EyeIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Flash } from "~/app/components/flash";
import { Prose } from "~/app/components/prose";
import { SelectOptions } from "~/app/components/select-options";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { FormInput, FormSelect, FormTextarea, InputField } from "~/app/components/ui/field";
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
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="grid gap-4"
    >
      {post ? <input type="hidden" name="id" value={post.id} /> : null}
      <Flash flash={reply?.flash} ns="cms" className="" />
      <FormInput field={fields.title} ns="cms" label={t("fields.title")} required />
      <FormInput
        field={fields.slug}
        ns="cms"
        label={t("fields.slug")}
        hint={t("fields.slugHint", { slug: slugPreview || "…" })}
      />
      <FormTextarea field={fields.excerpt} ns="cms" label={t("fields.excerpt")} rows={2} />
      <FormTextarea
        field={fields.content}
        ns="cms"
        label={t("fields.content")}
        hint={t("fields.contentHint")}
        rows={12}
        controlClassName="font-mono text-sm"
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
      <div className="grid gap-4 sm:grid-cols-3">
        <FormSelect field={fields.category} ns="cms" label={t("fields.category")}>
          <SelectOptions
            options={BLOG_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))}
          />
        </FormSelect>
        <FormSelect
          field={fields.status}
          ns="cms"
          label={t("fields.status")}
          hint={t("fields.statusHint")}
        >
          <SelectOptions
            options={BLOG_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        </FormSelect>
        {/* Each language by its own name, as the switcher shows them. */}
        <FormSelect field={fields.language} ns="cms" label={tCommon("language.label")}>
          <SelectOptions
            options={LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng] }))}
          />
        </FormSelect>
      </div>
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
        <FormInput
          field={fields.featuredImageUrl}
          ns="cms"
          label={t("fields.featuredImageUrl")}
          hint={t("fields.featuredImageHint")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput field={fields.metaTitle} ns="cms" label={t("fields.metaTitle")} />
        <FormInput
          field={fields.tags}
          ns="cms"
          label={t("fields.tags")}
          hint={t("fields.tagsHint")}
        />
      </div>
      <FormTextarea
        field={fields.metaDescription}
        ns="cms"
        label={t("fields.metaDescription")}
        rows={2}
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
