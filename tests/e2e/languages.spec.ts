import { DEMO, expect, expectAccessible, login, test } from "./fixtures";

test.describe("Passage in three languages", () => {
  test("a visitor switches to Portuguese on a filtered page and stays on it, then back", async ({
    page,
  }) => {
    await page.goto("/jobs?country=CA&page=2");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("contentinfo").getByRole("button", { name: "Português" }).click();

    await expect(page).toHaveURL(/\/pt\/jobs\?country=CA&page=2$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt");
    await expect(
      page.getByRole("heading", { level: 1, name: "Vagas de Emprego no Estrangeiro" }),
    ).toBeVisible();
    await expect(page.getByLabel("País")).toHaveValue("CA");
    // Only Portuguese strings travel with the page: no English fallback, no French. (Their script
    // ends the document, so it may run a moment after the heading shows.)
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(
            (window as unknown as { __i18n?: { resources: object } }).__i18n?.resources ?? {},
          ),
        ),
      )
      .toEqual(["pt"]);
    // The page names its address in each language; its canonical one is its own.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/pt\/jobs$/);
    await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute(
      "href",
      /\/fr\/jobs$/,
    );
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      "href",
      /:\d+\/jobs$/,
    );
    await expectAccessible(page);

    // Links keep the language: the header's "About" is the Portuguese about page.
    await page.getByRole("banner").getByRole("link", { name: "Sobre Nós" }).first().click();
    await expect(page).toHaveURL(/\/pt\/about$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt");
    // The address changes as the navigation starts; the page (and its switcher, which posts the
    // page it is on) follows a moment later. A person clicks what they see: the about page.
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: "Um caminho honesto para trabalhar e estudar no estrangeiro",
      }),
    ).toBeVisible();

    await page.getByRole("contentinfo").getByRole("button", { name: "English" }).click();
    await expect(page).toHaveURL(/:\d+\/about$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(
      page.getByRole("heading", { level: 1, name: "An honest route to work and study abroad" }),
    ).toBeVisible();
  });

  test("a signed-in page brings its strings as files the browser keeps, in the person's language", async ({
    page,
  }) => {
    await page.goto("/news");
    await page.getByRole("contentinfo").getByRole("button", { name: "Français" }).click();
    await expect(page).toHaveURL(/\/fr\/news$/);
    await login(page, DEMO.seeker);
    const fetched: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/i18n/")) fetched.push(new URL(r.url()).pathname);
    });
    await page.goto("/dashboard");
    const strings = await page.evaluate(
      () =>
        (window as unknown as { __i18n: { resources?: object; files: Record<string, string> } })
          .__i18n,
    );
    // No strings in the page: the files that hold them, in French, fetched before hydrating.
    expect(strings.resources).toBeUndefined();
    expect(Object.values(strings.files).every((url) => url.startsWith("/i18n/fr/"))).toBe(true);
    // (Once each: the offline worker, taking over mid-visit, may ask for a file again from the
    // browser's cache to keep it.)
    expect([...new Set(fetched)].sort()).toEqual(Object.values(strings.files).sort());
    // Hydrated in French: a client navigation renders French text.
    await page
      .getByRole("navigation", { name: "Navigation du tableau de bord" })
      .getByRole("link", { name: "Profil" })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(page.locator("main h1")).toHaveText("Paramètres du profil");
  });

  test("the switcher works before JavaScript loads, and the choice follows into the dashboard", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/news");
    await page.getByRole("contentinfo").getByRole("button", { name: "Français" }).click();
    await expect(page).toHaveURL(/\/fr\/news$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    // The dashboard has one address: it follows the choice.
    await login(page, DEMO.seeker);
    await page.goto("/dashboard");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("button", { name: "FR Français" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await context.close();
  });

  test("a French browser is offered French on the English site, never switched to it", async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: "fr-FR" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const offer = page.getByTestId("language-offer");
    await expect(offer).toHaveAttribute("lang", "fr");
    await expect(offer).toContainText("Cette page existe aussi en français.");
    await expectAccessible(page);
    await offer.getByRole("button", { name: "La lire en français" }).click();
    await expect(page).toHaveURL(/\/fr$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    // Chosen once: no more offers, on any page.
    await page.goto("/jobs");
    await expect(page.getByTestId("language-offer")).toHaveCount(0);
    await context.close();

    const english = await browser.newContext({ locale: "fr-FR" });
    const second = await english.newPage();
    await second.goto("/about");
    await second.getByTestId("language-offer").getByRole("button", { name: "Non merci" }).click();
    await expect(second).toHaveURL(/:\d+\/about$/);
    await expect(second.getByTestId("language-offer")).toHaveCount(0);
    await english.close();
  });
});
