import { randomBytes } from "node:crypto";
import { expect, it } from "vitest";
import { migrate } from "../src/db/migrate.ts";
import { createPool } from "../src/db/pool.ts";
import { createLogger } from "../src/logger.ts";
import { forEachDatabase } from "./helpers.ts";

const silent = createLogger("silent");

forEachDatabase((ctx) => {
  it("several processes migrating one fresh database at once apply each migration exactly once", async () => {
    const name = `shinian_mig_${randomBytes(4).toString("hex")}`;
    await ctx.db.query(`CREATE DATABASE ${name}`);
    const config = ctx.poolConfig.connectionString
      ? {
          connectionString: Object.assign(new URL(ctx.poolConfig.connectionString), {
            pathname: `/${name}`,
          }).toString(),
        }
      : { ...ctx.poolConfig, database: name };
    const pools = Array.from({ length: 4 }, () => createPool({ ...config, max: 1 }, silent));
    try {
      const applied = await Promise.all(pools.map((p) => migrate(p, silent)));
      const all = [
        "001_init.sql",
        "002_search_index_no_pending_list.sql",
        "003_ai_assistant.sql",
        "004_ai_safety.sql",
        "005_tidy_spend.sql",
        "006_pending_tidy_index.sql",
        "007_capture.sql",
        "008_login_throttle.sql",
        "010_ai_privacy.sql",
        "011_write_limits.sql",
        "012_trash.sql",
        "013_quotas.sql",
        "014_tag_paths.sql",
        "015_review.sql",
        "016_import.sql",
        "017_webdav.sql",
        "018_import_refused_count.sql",
        "019_embeddings.sql",
        "020_search_words_version.sql",
        "021_operator.sql",
        "022_related_and_time_filters.sql",
        "023_embedding_exclusion_queue.sql",
        "024_search_version_default.sql",
        "025_attachments.sql",
        "027_audio_attachments.sql",
        "028_attachment_objects.sql",
        "029_search_index_small_pending_list.sql",
        "030_typed_tags_after_punctuation.sql",
        "031_pins_and_auto_tidy_choice.sql",
        "033_ledger_items_and_durations.sql",
      ];
      expect(applied.flat()).toEqual(all);
      const { rows } = await pools[0]!.query("SELECT name FROM schema_migrations");
      expect(rows.map((r) => r.name).sort()).toEqual(all);
      expect(await migrate(pools[0]!, silent)).toEqual([]);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
      await ctx.db.query(`DROP DATABASE ${name} WITH (FORCE)`);
    }
  });
});
