import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import { PostFormSchema } from "~/domain/content";
import { BLOG_STATUSES } from "~/domain/enums";
import type { Viewer } from "~/server/auth/guards.server";
import { renderMarkdown } from "~/server/content/markdown.server";
import {
  deleteFeaturedImage,
  ImageRejectedError,
  saveFeaturedImage,
} from "~/server/content/media.server";
import { createPost, deletePost, setPostStatus, updatePost } from "~/server/content/posts.server";
import { logger } from "~/server/logger.server";

const IdSchema = z.uuid();

/** Back to the list, keeping the page the user was on, with a notice the page shows. */
function backToList(request: Request, notice: string) {
  const url = new URL(request.url);
  const params = new URLSearchParams();
  const page = url.searchParams.get("page");
  const status = url.searchParams.get("status");
  if (page) params.set("page", page);
  if (status) params.set("status", status);
  params.set("notice", notice);
  return redirect(`/admin/cms?${params.toString()}`);
}

export async function handleCmsAction(request: Request, viewer: Viewer) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");

  if (intent === "preview") {
    const submission = parseWithZod(formData, { schema: PostFormSchema });
    const content = String(formData.get("content") ?? "");
    return data({
      intent,
      result: submission.reply(),
      preview: renderMarkdown(content),
      error: null as string | null,
    });
  }

  if (intent === "save") {
    const submission = parseWithZod(formData, { schema: PostFormSchema });
    if (submission.status !== "success") {
      return data(
        { intent, result: submission.reply(), preview: null, error: null as string | null },
        { status: 400 },
      );
    }
    const { id } = submission.value;
    const upload = formData.get("featuredImage");
    let uploaded: string | null = null;
    if (upload instanceof File && upload.size > 0) {
      try {
        uploaded = await saveFeaturedImage(upload);
      } catch (error) {
        if (!(error instanceof ImageRejectedError)) throw error;
        const key = error.reason === "tooLarge" ? "errors.imageTooLarge" : "errors.imageNotImage";
        return data(
          {
            intent,
            result: submission.reply({ fieldErrors: { featuredImage: [key] } }),
            preview: null,
            error: null as string | null,
          },
          { status: 400 },
        );
      }
    }
    const value = uploaded ? { ...submission.value, featuredImageUrl: uploaded } : submission.value;
    let found = true;
    try {
      if (id) found = (await updatePost(viewer, id, value)) !== null;
      else await createPost(viewer, value);
    } catch (error) {
      if (uploaded) await deleteFeaturedImage(uploaded);
      logger().error({ err: error }, "saving a post failed");
      return data(
        {
          intent,
          result: submission.reply(),
          preview: null,
          error: "messages.failedSave" as string | null,
        },
        { status: 500 },
      );
    }
    if (!found) throw data(null, { status: 404 });
    return backToList(request, id ? "updated" : "created");
  }

  const id = IdSchema.safeParse(formData.get("id"));
  if (!id.success) throw data(null, { status: 404 });

  if (intent === "status") {
    const status = z.enum(BLOG_STATUSES).safeParse(formData.get("status"));
    if (!status.success) {
      return data(
        { intent, result: undefined, preview: null, error: "messages.failedStatus" },
        { status: 400 },
      );
    }
    let found: boolean;
    try {
      found = (await setPostStatus(viewer, id.data, status.data)) !== null;
    } catch (error) {
      logger().error({ err: error }, "changing a post's status failed");
      return data(
        { intent, result: undefined, preview: null, error: "messages.failedStatus" },
        { status: 500 },
      );
    }
    if (!found) throw data(null, { status: 404 });
    return backToList(request, "status");
  }

  if (intent === "delete") {
    let found: boolean;
    try {
      found = await deletePost(viewer, id.data);
    } catch (error) {
      logger().error({ err: error }, "deleting a post failed");
      return data(
        { intent, result: undefined, preview: null, error: "messages.failedDelete" },
        { status: 500 },
      );
    }
    if (!found) throw data(null, { status: 404 });
    return backToList(request, "deleted");
  }

  throw data(null, { status: 400 });
}
