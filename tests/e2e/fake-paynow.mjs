// A stand-in for Paynow (www.paynow.co.zw) for the browser tests: it speaks Paynow's protocol
// (initiate, remote/mobile initiate, poll; URL-encoded fields signed with SHA-512 of the values and
// the integration key), and plays the payer's phone: POST /phone/approve|decline|cancel with
// `reference=` changes the transaction and sends Paynow's status update to the shop's result URL.
// Started by playwright.config.ts beside the app; PAYNOW_FAKE_PORT, PAYNOW_INTEGRATION_ID/_KEY.
import crypto from "node:crypto";
import http from "node:http";

const port = Number(process.env.PAYNOW_FAKE_PORT ?? 3224);
const id = process.env.PAYNOW_INTEGRATION_ID ?? "e2e";
const key = process.env.PAYNOW_INTEGRATION_KEY ?? "e2e-key";
const origin = `http://127.0.0.1:${port}`;
const transactions = new Map();

const hashOf = (fields) =>
  crypto
    .createHash("sha512")
    .update(
      fields
        .filter(([k]) => k !== "hash")
        .map(([, v]) => v)
        .join("") + key,
    )
    .digest("hex")
    .toUpperCase();
const signed = (fields) => new URLSearchParams([...fields, ["hash", hashOf(fields)]]).toString();
const status = (tx) => [
  ["reference", tx.reference],
  ["paynowreference", tx.id],
  ["amount", tx.amount],
  ["status", tx.status],
  ["pollurl", `${origin}/interface/poll/${tx.id}`],
];

http
  .createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const fields = [...new URLSearchParams(Buffer.concat(chunks).toString()).entries()];
      const get = (name) => fields.find(([k]) => k === name)?.[1] ?? "";
      const path = new URL(req.url, origin).pathname;
      res.setHeader("content-type", "application/x-www-form-urlencoded");
      if (path === "/readyz") return res.end("ok");
      const poll = path.match(/^\/interface\/poll\/([\w-]+)$/);
      if (poll) {
        const tx = transactions.get(poll[1]);
        return res.end(tx ? signed(status(tx)) : "status=Error&error=Not%20found");
      }
      const phone = path.match(/^\/phone\/(approve|decline|cancel)$/);
      if (phone) {
        const tx = [...transactions.values()].find((t) => t.reference === get("reference"));
        if (!tx) {
          res.statusCode = 404;
          return res.end("no such transaction");
        }
        tx.status = { approve: "Paid", decline: "Failed", cancel: "Cancelled" }[phone[1]];
        const update = await fetch(tx.resultUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: signed(status(tx)),
        }).catch(() => null);
        return res.end(`status update answered ${update?.status ?? "nothing"}`);
      }
      const mobile = path === "/interface/remotetransaction";
      if (!mobile && path !== "/interface/initiatetransaction") {
        res.statusCode = 404;
        return res.end("");
      }
      if (get("id") !== id || get("hash") !== hashOf(fields)) {
        return res.end("status=Error&error=Invalid%20hash");
      }
      const tx = {
        id: crypto.randomUUID(),
        reference: get("reference"),
        amount: get("amount"),
        resultUrl: get("resulturl"),
        status: mobile ? "Sent" : "Created",
      };
      transactions.set(tx.id, tx);
      const pollurl = `${origin}/interface/poll/${tx.id}`;
      return res.end(
        mobile
          ? signed([
              ["status", "Ok"],
              ["instructions", "Approve the payment on your phone with your PIN"],
              ["paynowreference", tx.id],
              ["pollurl", pollurl],
            ])
          : signed([
              ["status", "Ok"],
              ["browserurl", `${origin}/Payment/ConfirmPayment/${tx.id}`],
              ["pollurl", pollurl],
            ]),
      );
    });
  })
  .listen(port, "127.0.0.1");
