import { Readable } from "node:stream";
import { LocalStorageDriver } from "~/server/storage/local.server";

/**
 * The real local driver, on a disk that fills up after `room` bytes of a file (0: already full):
 * the write fails with ENOSPC as the kernel's would. Tests run as root, where a read-only folder
 * still takes writes, so a full disk is simulated here.
 */
export class FullDiskDriver extends LocalStorageDriver {
  constructor(
    root: string,
    private readonly room = 0,
  ) {
    super(root);
  }

  override put(key: string, body: Readable, options: { contentType: string }) {
    const room = this.room;
    async function* untilFull() {
      let written = 0;
      for await (const chunk of body as AsyncIterable<Buffer>) {
        written += chunk.length;
        if (written > room) {
          throw Object.assign(new Error("ENOSPC: no space left on device, write"), {
            code: "ENOSPC",
            errno: -28,
            syscall: "write",
          });
        }
        yield chunk;
      }
    }
    return super.put(key, Readable.from(untilFull()), options);
  }
}
