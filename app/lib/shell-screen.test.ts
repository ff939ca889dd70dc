import { describe, expect, it } from "vitest";
import common from "~/app/locales/en/common.json";
import { shellScreen, shellTitleKey, type TitleKey, tabTitle } from "./shell-screen";

const at = (pathname: string, agencyName?: string) => ({
  location: { pathname },
  matches: agencyName ? [{ id: "root", data: { settings: { agencyName } } }] : [],
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

  it("gives every screen the tab title of its English heading", () => {
    for (const [name, heading] of Object.entries(common.titles)) {
      expect(tabTitle(`titles.${name}` as TitleKey)).toBe(heading);
    }
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
