import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { E2E_PORT } from "~/playwright.config";
import { DEMO, expect, test } from "./fixtures";
import { PDF, signInOnForm, uploadPdf } from "./steps";
import { type ServerProcess, startServerProcess } from "./server-process";

// Issue 12, finding 3: the production layout. A TLS-terminating proxy (here a small Node https
// server, as nginx or a cloud load balancer would be) in front of the production build, which
// speaks plain HTTP behind it with BASE_URL=https://… and TRUST_PROXY=1. Before the fix React
// Router compared the browser's https Origin with an http request URL and refused every form.
test.describe.configure({ mode: "serial" });

const PROXY_PORT = E2E_PORT + 5;
const PUBLIC_URL = `https://localhost:${PROXY_PORT}`;

let app: ServerProcess;
let proxy: https.Server;
let certDir: string;

/** A throwaway self-signed certificate for localhost (the openssl command-line tool). */
function selfSignedCertificate() {
  certDir = fs.mkdtempSync(path.join(os.tmpdir(), "passage-tls-"));
  const key = path.join(certDir, "key.pem");
  const cert = path.join(certDir, "cert.pem");
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        key,
        "-out",
        cert,
        "-days",
        "1",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost",
      ],
      { stdio: "ignore" },
    );
  } catch (error) {
    throw new Error(
      `The TLS proxy test needs the openssl command (apt-get install openssl): ${error}`,
    );
  }
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
}

/** Terminates TLS and forwards to the app over HTTP, adding the headers a load balancer adds. */
function startTlsProxy(target: URL) {
  const server = https.createServer(selfSignedCertificate(), (req, res) => {
    const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress]
      .filter(Boolean)
      .join(", ");
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: target.port,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          "x-forwarded-for": forwardedFor,
          "x-forwarded-proto": "https",
          "x-forwarded-host": req.headers.host,
        },
      },
      (response) => {
        res.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise<https.Server>((resolve) =>
    server.listen(PROXY_PORT, "127.0.0.1", () => resolve(server)),
  );
}

test.beforeAll(async () => {
  app = await startServerProcess({
    portOffset: 4,
    env: { BASE_URL: PUBLIC_URL, TRUST_PROXY: "1" },
  });
  proxy = await startTlsProxy(new URL(app.url));
});

test.afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await app?.stop();
  if (certDir) fs.rmSync(certDir, { recursive: true, force: true });
});

async function throughProxy(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    javaScriptEnabled,
    baseURL: PUBLIC_URL,
  });
  return { context, page: await context.newPage() };
}

for (const javaScriptEnabled of [true, false]) {
  const how = javaScriptEnabled ? "with JavaScript" : "before JavaScript";
  const who = javaScriptEnabled ? DEMO.seeker : DEMO.paid;

  test(`through a TLS proxy ${how}: sign in, send the contact form, upload a document`, async ({
    browser,
  }) => {
    const { context, page } = await throughProxy(browser, javaScriptEnabled);

    await page.goto("/auth");
    await signInOnForm(page, who, DEMO.password);
    await expect(page).not.toHaveURL(/\/auth/);
    expect(page.url().startsWith(PUBLIC_URL)).toBe(true);

    const stamp = `${Date.now().toString(36)}-${javaScriptEnabled ? "js" : "nojs"}`;
    await page.goto("/contact");
    await page.getByLabel("Full name *").fill("Proxy Visitor");
    await page.getByLabel("E-mail *").fill(`proxy-${stamp}@example.com`);
    await page.getByLabel("Subject *").fill(`Through the proxy ${stamp}`);
    await page.getByLabel("Message *").fill("Sent through the TLS load balancer.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByTestId("contact-success")).toContainText(`proxy-${stamp}@example.com`);

    await page.goto("/dashboard/documents");
    const card = page.getByTestId("document-cv");
    await uploadPdf(card, `cv-${stamp}.pdf`);
    await expect(card.getByTestId("flash")).toContainText("Document uploaded successfully");
    await expect(card.getByText(`cv-${stamp}.pdf`, { exact: true })).toBeVisible();
    await context.close();
  });
}

// Issue 38, finding 2: a file over the cap, sent before JavaScript (no check in the page), through
// the proxy. The app used to answer 413 and close while the proxy was still sending the body, so
// the proxy saw its connection reset and the person got the proxy's "502 Bad Gateway".
test("through a TLS proxy before JavaScript, a file over 10 MB gets the app's message", async ({
  browser,
}) => {
  const { context, page } = await throughProxy(browser, false);
  await page.goto("/auth");
  await signInOnForm(page, DEMO.seeker, DEMO.password);
  await expect(page).not.toHaveURL(/\/auth/);

  await page.goto("/dashboard/documents");
  // The passport: the tests above upload a CV for this account.
  const card = page.getByTestId("document-passport");
  await card.getByLabel(/Choose a file/).setInputFiles({
    name: "scan.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024, 0x20)]),
  });
  await card.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("heading", { name: "This file is too large" })).toBeVisible();
  await expect(page.getByText("A file may be at most 10 MB.", { exact: false })).toBeVisible();
  await page.getByRole("link", { name: "Go back" }).click();
  await expect(page).toHaveURL(/\/dashboard\/documents/);
  await context.close();
});

test("a page on another site cannot post through the proxy", async ({ browser }) => {
  const { context, page } = await throughProxy(browser, true);
  const response = await page.request.post(`${PUBLIC_URL}/contact`, {
    headers: { origin: "https://evil.example" },
    form: { name: "x", email: "x@example.com", subject: "x", message: "forged post" },
  });
  expect(response.status()).toBe(403);
  await context.close();
});
