import { describe, expect, it } from "vitest";
import { loader as legalLoader } from "~/app/routes/public/legal";
import { loader as serviceLoader } from "~/app/routes/public/service";
import { requestAs, runRoute, setupTestDatabase } from "./harness";

setupTestDatabase();

type Legal = { title: string; html: string; path: string };
type Service = { content: { title: string } };

describe("legal and service pages in the page's language", () => {
  it("reads the legal text of the address's language, and gives the page's path without it", async () => {
    const english = await runRoute(legalLoader, await requestAs(null, "/privacy-policy"));
    const french = await runRoute(legalLoader, await requestAs(null, "/fr/privacy-policy"));
    const portuguese = await runRoute(legalLoader, await requestAs(null, "/pt/terms-of-service"));
    expect((english.data as Legal).title).toBe("Privacy Policy");
    expect(french.data as Legal).toMatchObject({
      title: "Politique de confidentialité",
      path: "/privacy-policy",
    });
    expect((portuguese.data as Legal).path).toBe("/terms-of-service");
    expect((portuguese.data as Legal).title).toBe("Termos de Serviço");
    const missing = await runRoute(legalLoader, await requestAs(null, "/fr/nothing-here"));
    expect(missing.status).toBe(404);
  });

  it("reads a service page's copy in the address's language", async () => {
    const at = async (path: string) =>
      (
        await runRoute(serviceLoader, await requestAs(null, path), {
          slug: "visa-assistance",
        })
      ).data as Service;
    expect((await at("/services/visa-assistance")).content.title).toBe("Visa Assistance");
    expect((await at("/fr/services/visa-assistance")).content.title).toBe("Assistance visa");
  });
});
