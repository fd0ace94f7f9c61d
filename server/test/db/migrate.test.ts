import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, it } from "vitest";
import { migrate } from "../../src/db/migrate.ts";
import { createPool } from "../../src/db/pool.ts";
import { createLogger } from "../../src/logger.ts";
import { forEachDatabase } from "../helpers.ts";

const silent = createLogger("silent");

forEachDatabase((ctx) => {
  it("034 turns 自动整理 off and unchosen where settings are still the old default, and only there", async () => {
    // on a database of its own: the statement runs over every account
    const name = `shinian_mig_${randomBytes(4).toString("hex")}`;
    await ctx.db.query(`CREATE DATABASE ${name}`);
    const config = ctx.poolConfig.connectionString
      ? {
          connectionString: Object.assign(new URL(ctx.poolConfig.connectionString), {
            pathname: `/${name}`,
          }).toString(),
        }
      : { ...ctx.poolConfig, database: name };
    const db = createPool({ ...config, max: 1 }, silent);
    try {
      await migrate(db, silent);
      const before = {
        never: { autoTidy: true },
        chosenOff: { autoTidy: false },
        chosenWithMore: { autoTidy: true, reviewCount: 5 },
        fresh: {},
      };
      for (const [account, settings] of Object.entries(before))
        await db.query(
          "INSERT INTO users (account, password_hash, nickname, settings) VALUES ($1, 'x', $1, $2::jsonb)",
          [account, JSON.stringify(settings)],
        );
      const sql = await readFile(
        new URL("../../src/db/migrations/034_auto_tidy_never_unchosen.sql", import.meta.url),
        "utf8",
      );
      await db.query(sql);
      const { rows } = await db.query<{ account: string; settings: object }>(
        "SELECT account, settings FROM users ORDER BY account",
      );
      expect(Object.fromEntries(rows.map((r) => [r.account, r.settings]))).toEqual({
        ...before,
        never: {},
      });
    } finally {
      await db.end();
      await ctx.db.query(`DROP DATABASE ${name} WITH (FORCE)`);
    }
  });

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
        "034_auto_tidy_never_unchosen.sql",
        "035_webdav_target_guard.sql",
        "036_tag_renames.sql",
        "037_tags_after_emoji_and_fullwidth.sql",
        "038_import_job_budget_and_cancel.sql",
        "039_access_tokens.sql",
        "040_archive_and_memos.sql",
        "041_outbox_and_webhooks.sql",
        "042_credentials_revoked.sql",
        "043_capture_days.sql",
        "044_note_versions.sql",
        "045_annotations.sql",
        "046_item_links.sql",
        "047_search_words_v2.sql",
        "048_digests.sql",
        "049_insights.sql",
        "051_annotation_links.sql",
        "052_original_links_follow_twins.sql",
        "053_push.sql",
        "054_messaging.sql",
        "056_messaging_hardening.sql",
        "057_telegram_push.sql",
        "058_trash_annotations_index.sql",
        "059_search_words_v3.sql",
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
