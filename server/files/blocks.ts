/**
 * `source` cut into blocks of `size` bytes (the last one shorter, none empty),
 * copied into one buffer that is reused: each block is valid until the next
 * is asked for, so a consumer writes or copies it before going on. One upload
 * thus holds one block, not the pieces the request happened to arrive in.
 */
export async function* inBlocks(source: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Buffer> {
  const buffer = Buffer.allocUnsafe(size);
  let filled = 0;
  for await (const piece of source) {
    let offset = 0;
    while (offset < piece.length) {
      const take = Math.min(size - filled, piece.length - offset);
      buffer.set(piece.subarray(offset, offset + take), filled);
      filled += take;
      offset += take;
      if (filled === size) {
        yield buffer;
        filled = 0;
      }
    }
  }
  if (filled > 0) yield buffer.subarray(0, filled);
}
