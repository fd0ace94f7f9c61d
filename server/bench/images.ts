/**
 * Photo-like images for the benches and the SQL that puts them on an account's ideas as if
 * uploaded (stored bytes, WebP thumbnail), so that the benches measure the export and import of
 * images, not their upload.
 */
import pg from "pg";
import sharp from "sharp";

/** A JPEG of `width` × `height`: a gradient under fine noise (as a camera's sensor gives), distinct per `seed`. */
export async function benchPhoto(seed: number, width = 800, height = 600): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 7919 + 1;
  for (let i = 0; i < pixels.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const px = Math.floor(i / 3);
    pixels[i] = ((px % width) / width) * 150 + ((seed * 37) % 60) + (state >>> 26);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * Attaches `count` distinct photos to the user's oldest ideas, one each, as stored uploads are
 * (data and thumbnail), `batch` at a time. The bytes they hold in all.
 */
export async function attachBenchPhotos(socketDir: string, userId: string, count: number, batch = 25) {
  const client = new pg.Client({ host: socketDir, user: "postgres", database: "postgres" });
  await client.connect();
  let bytes = 0;
  try {
    const { rows } = await client.query<{ id: string }>(
      "SELECT id FROM ideas WHERE user_id = $1 ORDER BY created_at, id LIMIT $2",
      [userId, count],
    );
    if (rows.length < count) throw new Error(`only ${rows.length} ideas to put ${count} photos on`);
    for (let done = 0; done < count; done += batch) {
      const ids = rows.slice(done, done + batch).map((r) => r.id);
      const photos = await Promise.all(ids.map((_, n) => benchPhoto(done + n)));
      const thumbs = await Promise.all(
        photos.map((p) => sharp(p).resize(400, 400, { fit: "inside" }).webp().toBuffer()),
      );
      bytes += photos.reduce((n, p) => n + p.length, 0);
      await client.query(
        `INSERT INTO attachments (id, user_id, item_id, position, kind, content_type, name, data, thumb)
         SELECT gen_random_uuid(), $1, i, 1, 'image', 'image/jpeg', 'IMG_' || n || '.JPG', d, t
         FROM unnest($2::uuid[], $3::bytea[], $4::bytea[]) WITH ORDINALITY AS x (i, d, t, n)`,
        [userId, ids, photos, thumbs],
      );
    }
  } finally {
    await client.end();
  }
  return bytes;
}
