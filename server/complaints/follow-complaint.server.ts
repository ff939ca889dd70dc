import { and, asc, eq } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { complaintReplies, complaints } from "~/server/db/schema";

/**
 * What the reference shows whoever holds it (no sign-in): the category, where it stands, its
 * dates and the staff answers meant for them. Never the complaint's own text, name or contact
 * details, nor staff notes or names: a reference read over someone's shoulder gives away little.
 */
export async function followComplaint(reference: string) {
  const [row] = await db()
    .select({
      id: complaints.id,
      reference: complaints.reference,
      category: complaints.category,
      status: complaints.status,
      createdAt: complaints.createdAt,
      dueAt: complaints.dueAt,
      resolvedAt: complaints.resolvedAt,
    })
    .from(complaints)
    .where(eq(complaints.reference, reference));
  if (!row) return null;
  const answers = await db()
    .select({
      id: complaintReplies.id,
      body: complaintReplies.body,
      createdAt: complaintReplies.createdAt,
    })
    .from(complaintReplies)
    .where(and(eq(complaintReplies.inquiryId, row.id), eq(complaintReplies.forComplainant, true)))
    .orderBy(asc(complaintReplies.createdAt));
  const { id: _id, ...shown } = row;
  return { ...shown, answers };
}
export type FollowedComplaint = NonNullable<Awaited<ReturnType<typeof followComplaint>>>;
