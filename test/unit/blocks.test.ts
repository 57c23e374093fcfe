import { describe, expect, it } from "vitest";
import { inBlocks } from "../../server/files/blocks";

/** The blocks as copies (each is valid only until the next is asked for), as hex for readable failures. */
async function cut(pieces: number[][], size: number): Promise<string[]> {
  async function* source() {
    for (const piece of pieces) yield Uint8Array.from(piece);
  }
  const blocks: string[] = [];
  for await (const block of inBlocks(source(), size)) blocks.push(Buffer.from(block).toString("hex"));
  return blocks;
}

describe("inBlocks", () => {
  it("cuts pieces of any size into full blocks and a shorter last one", async () => {
    expect(await cut([[1], [2, 3, 4, 5], [6, 7]], 3)).toEqual(["010203", "040506", "07"]);
  });

  it("ends on a full block when the bytes are an exact multiple, and gives nothing for nothing", async () => {
    expect(
      await cut(
        [
          [1, 2],
          [3, 4],
        ],
        2,
      ),
    ).toEqual(["0102", "0304"]);
    expect(await cut([[], []], 4)).toEqual([]);
  });

  it("reuses one buffer: a block is overwritten once the next is asked for", async () => {
    async function* source() {
      yield Uint8Array.from([1, 2, 3, 4]);
    }
    const kept: Buffer[] = [];
    for await (const block of inBlocks(source(), 2)) kept.push(block);
    expect(kept[0]?.buffer).toBe(kept[1]?.buffer);
    expect(Buffer.from(kept[0] ?? []).toString("hex")).toBe("0304");
  });
});
