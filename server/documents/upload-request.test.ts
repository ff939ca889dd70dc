import { describe, expect, it } from "vitest";
import { readDocumentUpload } from "./upload-request.server";

const head =
  '--x\r\nContent-Disposition: form-data; name="documentType"\r\n\r\ncv\r\n' +
  '--x\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\n' +
  "Content-Type: application/pdf\r\n\r\n%PDF-1.4 part of a file";

describe("an upload whose body breaks off mid-file", () => {
  it("reports the broken body and never throws it at the process, read or not", async () => {
    const upload = readDocumentUpload(
      new Request("http://localhost/api/documents", {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x" },
        body: head, // no closing boundary: the client went away
      }),
    );
    if (!upload.ok) throw new Error("the headers were refused");
    const received = await upload.receive();
    expect(received).toMatchObject({ ok: true, documentType: "cv" });
    if (!received.ok) return;
    // The service let go of the file without reading it (it refused it, say): the body's end is
    // still reported as broken, and nothing is left uncaught (vitest fails the run if it were).
    await expect(received.file.complete).rejects.toThrow("Unexpected end of form");
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
});
