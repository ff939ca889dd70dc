import { describe, expect, it } from "vitest";
import { routeLabel } from "./metrics.server";

describe("routeLabel", () => {
  it("replaces ids so a label never carries one user's data", () => {
    expect(routeLabel("/admin/applications/3f1c1c8e-2b7a-4c61-9a0e-1d2b3c4d5e6f", 200)).toBe(
      "/admin/applications/:id",
    );
    expect(routeLabel("/files/12345/download", 200)).toBe("/files/:id/download");
    expect(routeLabel("/jobs/3f1c1c8e-2b7a-4c61-9a0e-1d2b3c4d5e6f.data", 200)).toBe(
      "/jobs/:id.data",
    );
  });

  it("folds assets and anything not found into one label each", () => {
    expect(routeLabel("/assets/root-AbC123.js", 200)).toBe("/assets/*");
    expect(routeLabel("/some/random/path", 404)).toBe("not_found");
    expect(routeLabel("/", 200)).toBe("/");
  });
});
