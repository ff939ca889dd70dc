import crypto from "node:crypto";
import http from "node:http";
import {
  isValidPaynowHash,
  type PaynowMessage,
  parsePaynowMessage,
  paynowField,
  paynowHash,
} from "~/server/payments/paynow.server";
import { listenLocally } from "./local-http";

/** One transaction as the fake Paynow keeps it. */
export type FakePaynowTransaction = {
  id: string;
  reference: string;
  amount: string;
  returnUrl: string;
  resultUrl: string;
  authEmail: string;
  phone: string | null;
  method: string | null;
  status: string;
  /** What the poll says the amount is; a test sets it to play a tampered answer. */
  reportedAmount?: string;
};

/**
 * A local server that speaks Paynow's protocol (initiate, remote/mobile initiate, poll), checks the
 * hash of what it is sent with the integration key, and signs its answers with it. Tests play the
 * payer's phone with approve/decline/cancel, and Paynow's status update with `statusUpdate`.
 */
export async function startFakePaynow(integrationId: string, integrationKey: string) {
  const transactions = new Map<string, FakePaynowTransaction>();
  const requests: { path: string; fields: PaynowMessage }[] = [];
  let polls = 0;
  let origin = "";

  const sign = (fields: PaynowMessage): string => {
    const withHash: PaynowMessage = [...fields, ["hash", paynowHash(fields, integrationKey)]];
    return new URLSearchParams(withHash).toString();
  };

  const statusMessage = (tx: FakePaynowTransaction): PaynowMessage => [
    ["reference", tx.reference],
    ["paynowreference", tx.id],
    ["amount", tx.reportedAmount ?? tx.amount],
    ["status", tx.status],
    ["pollurl", `${origin}/interface/poll/${tx.id}`],
  ];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "";
      const fields = parsePaynowMessage(Buffer.concat(chunks).toString("utf8"));
      requests.push({ path, fields });
      res.setHeader("content-type", "application/x-www-form-urlencoded");
      const poll = path.match(/^\/interface\/poll\/([\w-]+)$/);
      if (req.method === "POST" && poll) {
        polls++;
        const tx = transactions.get(poll[1]!);
        if (!tx)
          return res.end(new URLSearchParams({ status: "Error", error: "Not found" }).toString());
        return res.end(sign(statusMessage(tx)));
      }
      const mobile = path === "/interface/remotetransaction";
      if (req.method !== "POST" || !(mobile || path === "/interface/initiatetransaction")) {
        res.statusCode = 404;
        return res.end("");
      }
      const get = (name: string) => paynowField(fields, name) ?? "";
      if (get("id") !== integrationId || !isValidPaynowHash(fields, integrationKey)) {
        return res.end(new URLSearchParams({ status: "Error", error: "Invalid hash" }).toString());
      }
      const id = crypto.randomUUID();
      const tx: FakePaynowTransaction = {
        id,
        reference: get("reference"),
        amount: get("amount"),
        returnUrl: get("returnurl"),
        resultUrl: get("resulturl"),
        authEmail: get("authemail"),
        phone: mobile ? get("phone") : null,
        method: mobile ? get("method") : null,
        status: mobile ? "Sent" : "Created",
      };
      transactions.set(id, tx);
      const pollurl = `${origin}/interface/poll/${id}`;
      if (mobile) {
        return res.end(
          sign([
            ["status", "Ok"],
            ["instructions", "Dial *151*2*4# and enter your PIN to approve"],
            ["paynowreference", id],
            ["pollurl", pollurl],
          ]),
        );
      }
      return res.end(
        sign([
          ["status", "Ok"],
          ["browserurl", `${origin}/Payment/ConfirmPayment/${id}`],
          ["pollurl", pollurl],
        ]),
      );
    });
  });
  origin = await listenLocally(server);

  const byReference = (reference: string) => {
    const tx = [...transactions.values()].find((t) => t.reference === reference);
    if (!tx) throw new Error(`the fake Paynow has no transaction ${reference}`);
    return tx;
  };

  return {
    get url() {
      return origin;
    },
    get polls() {
      return polls;
    },
    requests,
    transactions,
    byReference,
    /** The payer approves on their phone (or pays on Paynow's page). */
    approve: (reference: string) => void (byReference(reference).status = "Paid"),
    decline: (reference: string) => void (byReference(reference).status = "Failed"),
    cancel: (reference: string) => void (byReference(reference).status = "Cancelled"),
    /** The status update Paynow posts to the result URL, signed with `key`. */
    statusUpdate(
      reference: string,
      key = integrationKey,
      change?: Partial<Record<string, string>>,
    ) {
      const fields = statusMessage(byReference(reference)).map(
        ([name, value]) => [name, change?.[name] ?? value] as [string, string],
      );
      const signed: PaynowMessage = [...fields, ["hash", paynowHash(fields, key)]];
      return new URLSearchParams(signed).toString();
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
