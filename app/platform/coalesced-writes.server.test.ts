import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { coalescedWrites } from "./coalesced-writes.server";

function collect() {
  const stream = coalescedWrites();
  const seen: string[] = [];
  stream.on("data", (chunk: Buffer) => seen.push(chunk.toString()));
  return { stream, seen };
}

describe("coalesced writes", () => {
  it("passes a batch of writes on as one chunk when the writer flushes", () => {
    const { stream, seen } = collect();
    for (const part of ["<html>", "<body>", "é", "</body>"]) stream.write(Buffer.from(part));
    expect(seen).toEqual([]);
    stream.flush();
    expect(seen).toEqual(["<html><body>é</body>"]);
    stream.write(Buffer.from("</html>"));
    stream.flush();
    stream.flush();
    expect(seen).toEqual(["<html><body>é</body>", "</html>"]);
  });

  it("passes on what a writer that never flushes wrote, on the next turn, and the rest at the end", async () => {
    const { stream, seen } = collect();
    stream.write(Buffer.from("a"));
    stream.write(Buffer.from("b"));
    await nextTurn();
    expect(seen).toEqual(["ab"]);
    stream.write(Buffer.from("c"));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    stream.end();
    await ended;
    expect(seen).toEqual(["ab", "c"]);
  });

  it("does not hold more than 256 KB", () => {
    const { stream, seen } = collect();
    for (let index = 0; index < 70; index++) stream.write(Buffer.alloc(4096, 120));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toHaveLength(64 * 4096);
  });
});
