import { describe, expect, it } from "vitest";
import { oncePerRequest, runInRequestScope } from "./request-scope.server";

function counter() {
  let reads = 0;
  return {
    read: async () => ++reads,
    get reads() {
      return reads;
    },
  };
}

describe("oncePerRequest", () => {
  it("reads once for every loader of a GET, and again for the next request", async () => {
    const c = counter();
    const first = await runInRequestScope("GET", () =>
      Promise.all([oncePerRequest("k", c.read), oncePerRequest("k", c.read)]),
    );
    expect(first).toEqual([1, 1]);
    const second = await runInRequestScope("GET", () => oncePerRequest("k", c.read));
    expect(second).toBe(2);
  });

  it("keeps different keys apart", async () => {
    const a = counter();
    const b = counter();
    await runInRequestScope("GET", async () => {
      expect(await oncePerRequest("viewer:one", a.read)).toBe(1);
      expect(await oncePerRequest("viewer:two", b.read)).toBe(1);
    });
  });

  it("never shares reads in a request that can change data (after an action the loaders must see it)", async () => {
    const c = counter();
    const values = await runInRequestScope("POST", async () => [
      await oncePerRequest("k", c.read),
      await oncePerRequest("k", c.read),
    ]);
    expect(values).toEqual([1, 2]);
  });

  it("reads every time outside a request, and does not keep a failure", async () => {
    const c = counter();
    expect(await oncePerRequest("k", c.read)).toBe(1);
    expect(await oncePerRequest("k", c.read)).toBe(2);
    let attempts = 0;
    const flaky = async () => {
      attempts++;
      if (attempts === 1) throw new Error("database hiccup");
      return "ok";
    };
    await runInRequestScope("GET", async () => {
      await expect(oncePerRequest("f", flaky)).rejects.toThrow("database hiccup");
      await new Promise((r) => setTimeout(r, 0));
      expect(await oncePerRequest("f", flaky)).toBe("ok");
    });
  });
});
