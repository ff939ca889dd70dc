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
  await expect(page.getByText("Checked all services just now.")).toBeVisible();

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
  await expect(page.getByText("Monitoring stopped. Check Now still works.")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("monitoring-state")).toHaveText(/Stopped/);
  await page.getByRole("button", { name: "Start Monitoring" }).click();
  await expect(page.getByText("Monitoring started.")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("monitoring-state")).toHaveText(/Running: checks every 30 s/);
  await expect(page.getByRole("button", { name: "Stop Monitoring" })).toBeVisible();
});

test("a failing service opens an incident with a red banner, and recovery resolves it", async ({
  page,
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
    await expect(page.getByText("Note saved.")).toBeVisible();
    await page.reload();
    await expect(page.getByText("Looking at the proxy.")).toBeVisible();
    await expectAccessible(page);

    await new Promise<void>((resolve) => upstream.listen(port, "127.0.0.1", resolve));
    await page.getByRole("button", { name: "Check Now" }).click();
    await expect(pages.getByText("Up", { exact: true })).toBeVisible();
    await expect(incident.getByText("Resolved", { exact: true })).toBeVisible();
  } finally {
    upstream.close();
    await server.stop();
  }
});
