import fs from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import common from "~/app/locales/en/common.json";
import { i18nOptions } from "~/app/i18n/config";
import { APPLICATION_STATUSES, ROLES } from "~/domain/enums";
import { StatusBadge } from "./status-badge";
import { badgeVariants } from "./ui/badge";

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ ...i18nOptions, lng: "en", resources: { en: { common } } });
});

function render(node: React.ReactNode) {
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}
const classOf = (html: string) => /class="([^"]*)"/.exec(html)?.[1];

describe("StatusBadge", () => {
  it("colours a paid registration amber (the documents are next) and an offer green, with its label", () => {
    const paid = render(<StatusBadge kind="application" value="registration_paid" />);
    expect(classOf(paid)).toBe(badgeVariants({ tone: "waiting" }));
    expect(paid).toContain(common.labels.applicationStatus.registration_paid.label);
    const offer = render(<StatusBadge kind="application" value="offer_received" />);
    expect(classOf(offer)).toBe(badgeVariants({ tone: "success" }));
  });

  it("gives every status and role a label from the locale, and an unknown status a neutral one", () => {
    for (const status of APPLICATION_STATUSES) {
      expect(render(<StatusBadge kind="application" value={status} />)).toContain(
        common.labels.applicationStatus[status].label,
      );
    }
    for (const role of ROLES) {
      expect(render(<StatusBadge kind="role" value={role} />)).toContain(common.roles[role]);
    }
    expect(classOf(render(<StatusBadge kind="application" value="lost" />))).toBe(
      badgeVariants({ tone: "neutral" }),
    );
  });

  it("is the only place that turns an application status or a role into a badge", () => {
    // Two maps once coloured the same status differently on the staff and applicant screens.
    const files = fs
      .readdirSync(path.join(process.cwd(), "app"), { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.tsx"));
    const offenders = files.filter((f) => {
      const src = fs.readFileSync(path.join(process.cwd(), "app", f), "utf8");
      return (
        /Record<(ApplicationStatus|Role),\s*(Tone|"success")/.test(src) ||
        /function (ApplicationStatusBadge|RoleBadge)\b/.test(src)
      );
    });
    expect(offenders).toEqual([]);
  });
});
