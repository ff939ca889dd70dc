import { describe, expect, it } from "vitest";
import { isPublicPath, localizePath, splitLanguage } from "./languages";

describe("addresses per language", () => {
  it("reads the language of a prefixed address", () => {
    expect(splitLanguage("/fr/jobs")).toEqual({ lng: "fr", path: "/jobs" });
    expect(splitLanguage("/pt")).toEqual({ lng: "pt", path: "/" });
    expect(splitLanguage("/pt/")).toEqual({ lng: "pt", path: "/" });
    expect(splitLanguage("/jobs")).toEqual({ lng: null, path: "/jobs" });
    expect(splitLanguage("/french")).toEqual({ lng: null, path: "/french" });
  });

  it("gives public pages an address per language, keeping the query and hash", () => {
    expect(localizePath("/jobs?country=CA&page=2", "pt")).toBe("/pt/jobs?country=CA&page=2");
    expect(localizePath("/", "fr")).toBe("/fr");
    expect(localizePath("/?q=nurse#jobs", "fr")).toBe("/fr?q=nurse#jobs");
    expect(localizePath("/fr/jobs?page=3", "en")).toBe("/jobs?page=3");
    expect(localizePath("/fr/news/a-post", "pt")).toBe("/pt/news/a-post");
    expect(localizePath("/auth?redirectTo=%2Fdashboard", "fr")).toBe(
      "/fr/auth?redirectTo=%2Fdashboard",
    );
  });

  it("leaves every other address alone", () => {
    for (const to of [
      "/dashboard",
      "/admin/jobs?page=2",
      "/auth/sign-out",
      "/files/abc",
      "/sitemap.xml",
      "https://example.com/jobs",
      "//example.com/jobs",
      "#main",
      "mailto:a@b.c",
    ])
      expect(localizePath(to, "fr")).toBe(to);
  });

  it("knows which pages are public", () => {
    expect(isPublicPath("/services/visa-assistance")).toBe(true);
    expect(isPublicPath("/jobs/123")).toBe(true);
    expect(isPublicPath("/jobs/123/apply")).toBe(false);
    expect(isPublicPath("/dashboard/profile")).toBe(false);
  });
});
