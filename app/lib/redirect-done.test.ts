import { describe, expect, it } from "vitest";
import { redirectDone } from "./redirect-done";

const location = (response: Response) => response.headers.get("location");

describe("redirectDone", () => {
  it("closes the open dialog and keeps the list's filters, with the confirmation", () => {
    const request = new Request("http://localhost/admin/jobs?q=nurse&page=2&edit=abc&done=old");
    expect(location(redirectDone(request, "jobUpdated"))).toBe(
      "/admin/jobs?q=nurse&page=2&done=jobUpdated",
    );
  });

  it("says where the confirmation belongs, and drops what no longer applies", () => {
    const request = new Request("http://localhost/admin/monitoring?incident=a&x=1");
    const note = redirectDone(request, "noteSaved", { set: { incident: "b" } });
    expect(location(note)).toBe("/admin/monitoring?incident=b&x=1&done=noteSaved");
    const checked = redirectDone(request, "checked", { drop: ["incident"] });
    expect(location(checked)).toBe("/admin/monitoring?x=1&done=checked");
  });
});
