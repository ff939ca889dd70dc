import { describe, expect, it } from "vitest";
import { loader as legalLoader } from "~/app/routes/public/legal";
import { loader as serviceLoader } from "~/app/routes/public/service";
import { runAs, setupTestDatabase } from "./harness";

setupTestDatabase();

type Legal = { title: string; html: string; path: string };
type Service = { content: { title: string } };

describe("legal and service pages in the page's language", () => {
  it("reads the legal text of the address's language, and gives the page's path without it", async () => {
    const english = await runAs(null, legalLoader, "/privacy-policy");
    const french = await runAs(null, legalLoader, "/fr/privacy-policy");
    const portuguese = await runAs(null, legalLoader, "/pt/terms-of-service");
    expect((english.data as Legal).title).toBe("Privacy Policy");
    expect(french.data as Legal).toMatchObject({
      title: "Politique de confidentialité",
      path: "/privacy-policy",
    });
    expect((portuguese.data as Legal).path).toBe("/terms-of-service");
    expect((portuguese.data as Legal).title).toBe("Termos de Serviço");
    const missing = await runAs(null, legalLoader, "/fr/nothing-here");
    expect(missing.status).toBe(404);
  });

  it("reads a service page's copy in the address's language", async () => {
    const at = async (path: string) =>
      (
        await runAs(null, serviceLoader, path, {
          params: {
            slug: "visa-assistance",
          },
        })
      ).data as Service;
    expect((await at("/services/visa-assistance")).content.title).toBe("Visa Assistance");
    expect((await at("/fr/services/visa-assistance")).content.title).toBe("Assistance visa");
  });
});
