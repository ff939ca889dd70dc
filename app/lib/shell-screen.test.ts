import { beforeAll, describe, expect, it } from "vitest";
import { serverTranslations } from "~/app/i18n/i18n.server";
import { shellScreen, shellTitleKey } from "./shell-screen";

// Registers the server's translator for `meta` (as every rendered page does first).
beforeAll(() => serverTranslations("en"));

const at = (pathname: string, agencyName?: string, locale?: string) => ({
  location: { pathname },
  matches:
    agencyName || locale
      ? [{ id: "root", data: { settings: { agencyName: agencyName ?? "Passage" }, locale } }]
      : [],
});

describe("shellScreen", () => {
  it("names the shell's heading and the tab's title, never indexed", () => {
    const { handle, meta } = shellScreen({ i18n: ["admin"] }, "titles.users");
    expect(handle).toEqual({ i18n: ["admin"], titleKey: "titles.users" });
    expect(meta(at("/admin/users"))).toContainEqual({ title: "Users · Passage" });
    expect(meta(at("/admin/users"))).toContainEqual({ name: "robots", content: "noindex" });
    // The agency's name comes from the site settings, as on public pages.
    expect(meta(at("/admin/users", "Harare Placements"))).toContainEqual({
      title: "Users · Harare Placements",
    });
  });

  it("lets one module serving two routes title each by its path", () => {
    const { handle, meta } = shellScreen({ i18n: ["inbox"] }, (pathname) =>
      pathname.endsWith("/outsourcing") ? "titles.outsourcing" : "titles.inquiries",
    );
    expect(shellTitleKey([{ handle, pathname: "/admin/outsourcing" }])).toBe("titles.outsourcing");
    expect(shellTitleKey([{ handle, pathname: "/admin/inquiries" }])).toBe("titles.inquiries");
    expect(meta(at("/admin/outsourcing"))).toContainEqual({
      title: "Outsourcing Inquiries · Passage",
    });
  });

  it("titles the tab with the shell's heading in the person's language", () => {
    const { meta } = shellScreen({ i18n: ["admin"] }, "titles.users");
    expect(meta(at("/admin/users", undefined, "fr"))).toContainEqual({
      title: "Utilisateurs · Passage",
    });
    expect(meta(at("/admin/users", undefined, "pt"))).toContainEqual({
      title: "Utilizadores · Passage",
    });
  });
});

describe("shellTitleKey", () => {
  it("takes the deepest route that names a title, else the dashboard's", () => {
    const layout = { handle: { titleKey: "titles.dashboard" }, pathname: "/admin" };
    const page = { handle: { titleKey: "titles.jobs" }, pathname: "/admin/jobs" };
    expect(shellTitleKey([layout, page, { handle: undefined, pathname: "/admin/jobs" }])).toBe(
      "titles.jobs",
    );
    expect(shellTitleKey([{ handle: { i18n: ["admin"] }, pathname: "/admin" }])).toBe(
      "titles.dashboard",
    );
  });
});
