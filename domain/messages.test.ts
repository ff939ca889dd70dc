import { describe, expect, it } from "vitest";
import { replySubject, stripQuotedReply } from "./messages";

describe("stripQuotedReply", () => {
  it("keeps the new text and drops the quoted history", () => {
    const text = [
      "Thank you, I will bring the passport on Monday.",
      "",
      "On Mon, 30 Nov 2026 at 10:00, Passage <no-reply@passage.example> wrote:",
      "> Please bring your passport.",
      "> Regards",
    ].join("\r\n");
    expect(stripQuotedReply(text)).toBe("Thank you, I will bring the passport on Monday.");
  });

  it("stops at a French or Portuguese header, a separator, a signature or a phone's footer", () => {
    expect(stripQuotedReply("Merci !\n\nLe lun. 30 nov. 2026, Passage a écrit :\n> x")).toBe(
      "Merci !",
    );
    expect(stripQuotedReply("Obrigado\nEm seg., 30/11/2026, Passage escreveu:\n> x")).toBe(
      "Obrigado",
    );
    expect(stripQuotedReply("Yes\n-----Original Message-----\nFrom: a")).toBe("Yes");
    expect(stripQuotedReply("Yes please\n-- \nTariro")).toBe("Yes please");
    expect(stripQuotedReply("Fine\n\nSent from my phone")).toBe("Fine");
  });

  it("leaves a reply with no history as it is, and an empty one empty", () => {
    expect(stripQuotedReply("Line one\n\nLine two")).toBe("Line one\n\nLine two");
    expect(stripQuotedReply("> only quoted")).toBe("");
  });
});

describe("replySubject", () => {
  it("says Re: once", () => {
    expect(replySubject("Your passport")).toBe("Re: Your passport");
    expect(replySubject("RE: Re: Your passport")).toBe("Re: Your passport");
  });
});
