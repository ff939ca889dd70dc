import { describe, expect, it } from "vitest";
import { guardedRequest } from "./guarded-request";

describe("guardedRequest", () => {
  it("asks the guard first, then reads the URL and its page", async () => {
    const request = new Request("http://localhost/admin/jobs?page=3&q=x");
    const { viewer, url, page } = await guardedRequest(request, async () => ({ id: "staff" }));
    expect(viewer).toEqual({ id: "staff" });
    expect(url.searchParams.get("q")).toBe("x");
    expect(page).toBe(3);
  });

  it("lets a refusing guard's answer through, reading nothing", async () => {
    const refusal = new Response(null, { status: 302, headers: { Location: "/auth" } });
    const request = new Request("http://localhost/admin/jobs");
    await expect(
      guardedRequest(request, async () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
  });
});
