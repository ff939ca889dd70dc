import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { actionFailed, actionSucceeded, formInvalid, staleRefused } from "~/app/lib/action-result";
import { editVersion } from "~/domain/versions";
import { StaleEditError } from "~/domain/versions";
import { redirectDone } from "~/app/lib/redirect-done";
import { PostFormSchema } from "~/domain/content";
import { BLOG_STATUSES } from "~/domain/enums";
import { renderMarkdown } from "~/server/content/markdown.server";
import {
  deleteFeaturedImage,
  ImageRejectedError,
  saveFeaturedImage,
} from "~/server/content/media.server";
import {
  createPost,
  deletePost,
  setPostStatus,
  SlugTakenError,
  updatePost,
} from "~/server/content/posts.server";
import { logger } from "~/server/logger.server";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import type { Viewer } from "~/server/auth/guards.server";

/** The post an intent names; a missing or malformed id is a 404, like a post deleted meanwhile. */
function postIdOf(formData: FormData) {
  const id = z.uuid().safeParse(formData.get("id"));
  if (!id.success) throw data(null, { status: 404 });
  return id.data;
}

/** intent "preview": the Markdown as the public page will render it; nothing is saved. */
export function previewPost({ formData, intent }: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: PostFormSchema });
  return actionSucceeded(intent, null, {
    result: submission.reply(),
    preview: renderMarkdown(String(formData.get("content") ?? "")),
  });
}

const IMAGE_ERRORS: Record<ImageRejectedError["reason"], string> = {
  tooLarge: "errors.imageTooLarge",
  notImage: "errors.imageNotImage",
  tooManyPixels: "errors.imageTooManyPixels",
  storageFull: "errors.imageStorageFull",
};

/** intent "save": create or update a post, with its featured image if one was uploaded. */
export async function savePost({ request, viewer, formData, intent }: IntentArgs<Viewer>) {
  const submission = parseWithZod(formData, { schema: PostFormSchema });
  if (submission.status !== "success") return formInvalid(intent, submission.reply());
  const { id } = submission.value;
  const upload = formData.get("featuredImage");
  let uploaded: string | null = null;
  if (upload instanceof File && upload.size > 0) {
    try {
      uploaded = await saveFeaturedImage(upload);
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      const key = IMAGE_ERRORS[error.reason];
      const status = error.reason === "storageFull" ? 507 : 400;
      return formInvalid(
        intent,
        submission.reply({ fieldErrors: { featuredImage: [key] } }),
        undefined,
        status,
      );
    }
  }
  const value = uploaded ? { ...submission.value, featuredImageUrl: uploaded } : submission.value;
  let found = true;
  try {
    if (id) {
      const version = editVersion.safeParse(formData.get("version") || undefined).data;
      found = (await updatePost({ actor: viewer, id, form: value, version })) !== null;
    } else await createPost({ actor: viewer, form: value });
  } catch (error) {
    if (uploaded) await deleteFeaturedImage(uploaded);
    if (error instanceof SlugTakenError) {
      return formInvalid(
        intent,
        submission.reply({ fieldErrors: { slug: ["errors.slugTaken"] } }),
        undefined,
        409,
      );
    }
    if (error instanceof StaleEditError) {
      // Changed since the editor opened (decision record 37): nothing saved, the text kept.
      const title = error.stale.current.title;
      return staleRefused(
        intent,
        error.stale,
        { text: typeof title === "string" ? title : null },
        { result: submission.reply() },
      );
    }
    logger().error({ err: error }, "saving a post failed");
    return actionFailed(intent, "messages.failedSave", 500, { result: submission.reply() });
  }
  if (!found) throw data(null, { status: 404 });
  return redirectDone(request, id ? "updated" : "created");
}

/** intent "status": draft, published or archived, from the list. */
export async function changePostStatus({ request, viewer, formData, intent }: IntentArgs<Viewer>) {
  const id = postIdOf(formData);
  const status = z.enum(BLOG_STATUSES).safeParse(formData.get("status"));
  if (!status.success) return actionFailed(intent, "messages.failedStatus", 400);
  let found: boolean;
  try {
    found = (await setPostStatus({ actor: viewer, id, status: status.data })) !== null;
  } catch (error) {
    logger().error({ err: error }, "changing a post's status failed");
    return actionFailed(intent, "messages.failedStatus", 500);
  }
  if (!found) throw data(null, { status: 404 });
  return redirectDone(request, "status");
}

/** intent "delete", from the confirmation. */
export async function removePost({ request, viewer, formData, intent }: IntentArgs<Viewer>) {
  const id = postIdOf(formData);
  let found: boolean;
  try {
    found = await deletePost({ actor: viewer, id });
  } catch (error) {
    logger().error({ err: error }, "deleting a post failed");
    return actionFailed(intent, "messages.failedDelete", 500);
  }
  if (!found) throw data(null, { status: 404 });
  return redirectDone(request, "deleted");
}
