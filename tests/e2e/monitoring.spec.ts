import http from "node:http";
import type { AddressInfo } from "node:net";
import { DEMO, expect, expectAccessible, login, test } from "./fixtures";
import { loginAt, startServerProcess } from "./server-process";

// Stop/Start changes state the other test here reads; run them one after the other.
test.describe.configure({ mode: "serial" });

test("the monitoring page shows live service cards, and Check Now refreshes them", async ({
  page,
}) => {
  await login(page, DEMO.admin);
  await page.goto("/admin/monitoring");
  await expect(page.getByRole("heading", { level: 1, name: "System Monitoring" })).toBeVisible();
  await page.getByRole("button", { name: "Check Now" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Checked all services just now.");

  const database = page.getByTestId("service-database");
  await expect(database.getByText("Up", { exact: true })).toBeVisible();
  await expect(database.getByText(/^\d+ ms$/)).toBeVisible();
  await expect(database.getByText(/^\d+(\.\d+)?%$/)).toBeVisible();
  // The page-rendering probe really fetched this server's home page.
  await expect(page.getByTestId("service-pages").getByText("Up", { exact: true })).toBeVisible();
  await expect(page.getByTestId("health-score")).toHaveText(/^\d+%$/);
  await expect(page.getByRole("img", { name: /Line chart of response times/ })).toBeVisible();
  await expectAccessible(page);
});

test("Stop and Start Monitoring persist across a reload", async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto("/admin/monitoring");
  await page.getByRole("button", { name: "Stop Monitoring" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Monitoring stopped. Check Now still works.");
  await page.reload();
  await expect(page.getByTestId("monitoring-state")).toHaveText(/Stopped/);
  await page.getByRole("button", { name: "Start Monitoring" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Monitoring started.");
  await page.reload();
  await expect(page.getByTestId("monitoring-state")).toHaveText(/Running: checks every 30 s/);
  await expect(page.getByRole("button", { name: "Stop Monitoring" })).toBeVisible();
});

test("a failing service opens an incident with a red banner, and recovery resolves it", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000); // starts its own server (migrations and demo seed) first
  // The page-rendering probe of a dedicated server points at a port where nothing listens yet;
  // later this test opens that port, so the same probe recovers. Nothing is faked.
  const upstream = http.createServer((_req, res) => res.end("ok"));
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const port = (upstream.address() as AddressInfo).port;
  await new Promise((resolve) => upstream.close(resolve));

  const server = await startServerProcess({
    portOffset: 1,
    env: {
      MONITOR_PAGE_URL: `http://127.0.0.1:${port}/`,
      MONITOR_INTERVAL_MS: "600000",
    },
  });
  try {
    await loginAt(page, server.url, DEMO.admin);
    await page.goto(`${server.url}/admin/monitoring`);
    await page.getByRole("button", { name: "Check Now" }).click();
    const pages = page.getByTestId("service-pages");
    await expect(pages.getByText("Down", { exact: true })).toBeVisible();
    await expect(pages.getByText(/ECONNREFUSED|fetch failed/)).toBeVisible();
    const banner = page.getByTestId("incident-banner");
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute("role", "alert");
    const incident = page.getByRole("listitem").filter({ hasText: "Page rendering is down" });
    await expect(incident.getByText("Investigating")).toBeVisible();

    // Staff note on the incident, kept after a reload.
    await incident.getByLabel("Note for this incident").fill("Looking at the proxy.");
    await incident.getByRole("button", { name: "Save note" }).click();
    await expect(incident.getByTestId("flash")).toHaveText("Note saved.");
    await expect(incident.getByLabel("Note for this incident")).toHaveValue("");
    await page.reload();
    await expect(page.getByText("Looking at the proxy.")).toBeVisible();
    await expectAccessible(page);

    // The note form works before JavaScript loads too; a refused note says why by the incident.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await plain.newPage();
    await loginAt(noJs, server.url, DEMO.admin);
    await noJs.goto(`${server.url}/admin/monitoring`);
    const same = noJs.getByRole("listitem").filter({ hasText: "Page rendering is down" });
    await same.getByRole("button", { name: "Save note" }).click();
    await expect(same.getByText("Write a note before saving.")).toBeVisible();
    await same.getByLabel("Note for this incident").fill("Proxy restarted.");
    await same.getByRole("button", { name: "Save note" }).click();
    await expect(same.getByTestId("flash")).toHaveText("Note saved.");
    await expect(same.getByText("Proxy restarted.")).toBeVisible();
    await plain.close();

    await new Promise<void>((resolve) => upstream.listen(port, "127.0.0.1", resolve));
    await page.getByRole("button", { name: "Check Now" }).click();
    await expect(pages.getByText("Up", { exact: true })).toBeVisible();
    await expect(incident.getByText("Resolved", { exact: true })).toBeVisible();
  } finally {
    upstream.close();
    await server.stop();
  }
});
