import type { ComposeNoteResult } from "@shinian/contract";
import { MAX_TAGS, withTypedTags } from "@shinian/contract/tags";
import { getUser } from "../accounts/accounts.store.ts";
import type { AppDeps } from "../context.ts";
import { tx } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import { latestAnnotations } from "../items/annotations.store.ts";
import { type IdeaRow, ideasInOrder } from "../items/ideas.store.ts";
import { insertNote } from "../items/notes.store.ts";
import { getBalance, recordLedgerItem } from "../points/points.store.ts";
import { refund, settleSpend, spend } from "../points/points.ts";
import { asQuotaRefusal, assertRoom } from "../points/quotas.ts";
import { holdToQuota } from "../points/usage.store.ts";
import { beijingChineseDay } from "../shared/beijing-time.ts";
import { complete } from "../shared/openai/chat.ts";
import { fitSources, type Source, withAnnotations } from "./grounding.ts";
import { imageNamesOf, withImageMentions, withoutMentions } from "./image-mentions.ts";
import { ComposeOutputSchema, composePrompt, parseModelJson } from "./prompts.ts";

/** The model call is aborted after this; the spend stays open a minute longer (then its process died). */
const COMPOSE_DEADLINE_MS = 4 * 60_000;
const COMPOSE_SPEND_OPEN_MS = COMPOSE_DEADLINE_MS + 60_000;
/** Each chosen idea brings its newest 批注 this many, in a share of the context at least this long. */
const COMPOSE_ANNOTATIONS = 10;

/**
 * 本地模式: no model to write with, so the note gathers the ideas as they are, in the order chosen,
 * under one heading per day (Beijing time), each day where its first idea stands; an idea with a
 * title gets it as a subheading.
 */
export function localDraft(ideas: Pick<IdeaRow, "title" | "content" | "created_at">[]) {
  const days = new Map<string, string[]>();
  for (const i of ideas) {
    const day = beijingChineseDay(i.created_at);
    const text = i.content.trim();
    days.set(day, [...(days.get(day) ?? []), i.title ? `### ${i.title}\n\n${text}` : text]);
  }
  const sections = [...days].map(([day, texts]) => `## ${day}\n\n${texts.join("\n\n")}`);
  return { title: `想法汇编（${ideas.length} 条）`, content: sections.join("\n\n") };
}

/**
 * 整理成笔记: a note written from the chosen ideas, linked to them (sourceIdeaIds). Every idea
 * must be the user's own and readable by AI; together they are cut to aiContextTokens. The cost
 * is refunded if the provider fails (or the process dies: the spend is open until the note is
 * saved). Shutdown waits for it.
 */
export function composeNote(deps: AppDeps, userId: string, ideaIds: string[]): Promise<ComposeNoteResult> {
  return deps.work.track(compose(deps, userId, ideaIds));
}

async function compose(deps: AppDeps, userId: string, ideaIds: string[]): Promise<ComposeNoteResult> {
  const { db, config } = deps;
  const ideas = await ideasInOrder(db, userId, ideaIds); // in the order chosen
  if (ideas.length !== ideaIds.length) throw new ApiError("NOT_FOUND", "所选想法不存在或已被删除");
  if (ideas.some((i) => i.ai_excluded)) {
    throw new ApiError("VALIDATION_ERROR", "所选想法中有设置了不让AI读取的，请先取消选择它们");
  }
  // A full account is told before anything is spent or sent; the note is held to the quota too.
  await assertRoom(deps, userId, { items: 1, bytes: 0 });
  const ai = config.ai;
  const cost = ai ? config.points.costs.composeNote : 0;
  const spent =
    cost > 0 ? await spend(db, userId, cost, "compose_note", { openForMs: COMPOSE_SPEND_OPEN_MS }) : null;
  let draft: { title: string; content: string } | null = null;
  if (ai) {
    try {
      const images = await imageNamesOf(db, userId, ideaIds);
      // an idea with 批注 brings its newest ones, dated: the context is shared out first, then each
      // idea's words and thread are fitted into its share, so a long idea never cuts its thread away
      const threads = await latestAnnotations(db, userId, ideaIds, COMPOSE_ANNOTATIONS);
      const whole = ideas.map((i) => ({
        own: withImageMentions(i.content, images.get(i.id)),
        thread: threads.get(i.id),
      }));
      const fitted = fitSources(
        ideas.map((i, k) => {
          const { own, thread } = whole[k]!;
          return {
            type: "idea",
            id: i.id,
            title: i.title || "（无标题）",
            text: thread ? withAnnotations(own, thread, Number.POSITIVE_INFINITY) : own,
            createdAt: i.created_at,
          } satisfies Source;
        }),
        config.aiContextTokens,
      );
      const sources = fitted.map((s, k) => {
        const { own, thread } = whole[k]!;
        return thread ? { ...s, text: withAnnotations(own, thread, s.text.length) } : s;
      });
      const text = await complete(
        ai,
        composePrompt((await getUser(db, userId)).identityDescription, sources),
        AbortSignal.any([
          AbortSignal.timeout(Math.min(ai.timeoutMs * 3, COMPOSE_DEADLINE_MS)),
          deps.work.signal,
        ]),
        { temperature: 0.5, maxTokens: ai.maxTokens.compose },
      );
      const parsed = parseModelJson(ComposeOutputSchema, text);
      // the files' marks are ours (image-mentions.ts), not words for the note
      const own = ideas.map((i) => i.content).join("\n");
      draft = parsed && {
        title: withoutMentions(parsed.title, own) || parsed.title,
        content: withoutMentions(parsed.content, own),
      };
      if (!draft?.content) draft = null;
    } catch (err) {
      deps.logger.warn("compose failed", { err });
    }
    if (!draft) {
      if (spent) await refund(db, userId, { ...spent, cost });
      throw new ApiError("SERVICE_UNAVAILABLE", `整理成笔记失败，${spent ? "点数已退还，" : ""}请稍后再试`);
    }
  } else {
    draft = localDraft(ideas);
  }
  const tags = withTypedTags([...new Set(ideas.flatMap((i) => i.tags))].slice(0, MAX_TAGS), draft.content);
  const note = await tx(db, async (client) => {
    await holdToQuota(client, config.quota);
    const saved = await insertNote(client, userId, {
      title: draft.title,
      content: draft.content,
      tags,
      sourceIdeaIds: ideas.map((i) => i.id),
      pinned: false,
    });
    if (spent) {
      await settleSpend(client, spent);
      await recordLedgerItem(client, spent.ledgerId, { type: "note", id: saved.id });
    }
    return saved;
  }).catch(async (err: unknown) => {
    // refused at commit (another write took the room meanwhile): nothing saved, so nothing paid
    if (spent && asQuotaRefusal(err, config.quota)) await refund(db, userId, { ...spent, cost });
    throw err;
  });
  return {
    note,
    mode: ai ? "provider" : "offline",
    points: cost,
    balance: await getBalance(db, userId),
  };
}
