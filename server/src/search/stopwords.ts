/**
 * Words that say nothing about what an item is about: function words, pronouns, time fillers, and
 * the app's own nouns (想法, 笔记), which half of everyone's items say. 相关内容 never relates two
 * items by them (search/related.ts).
 */
export const RELATED_STOPWORDS: readonly string[] = (
  "我 你 他 她 它 我们 你们 他们 她们 自己 大家 人 的 地 得 了 着 过 是 不 没 没有 在 有 和 与 跟 同 及 或 或者 " +
  "也 都 就 还 又 再 才 只 很 太 更 最 非常 比较 一 一个 一些 一下 一点 一样 一起 一直 这 那 这个 那个 这些 那些 " +
  "这样 那样 这么 那么 这里 那里 吗 呢 吧 啊 呀 么 嘛 哦 嗯 什么 怎么 怎样 如何 为什么 哪 哪些 哪个 哪里 多少 " +
  "几 关于 对于 因为 所以 但是 但 可是 而且 然后 如果 虽然 还是 就是 不是 可以 可能 应该 需要 能 会 要 想 让 " +
  "把 被 从 到 对 给 为 以 之 上 下 中 里 后 前 时 时候 今天 昨天 明天 现在 刚才 已经 正在 之前 以后 以前 " +
  "之后 最近 感觉 觉得 知道 看看 说 做 去 来 看 用 好 多 少 大 小 个 些 次 件 种 天 年 月 日 号 点 " +
  "想法 笔记 记录 内容 东西 事情 问题 a an the of to and or in on at is are was be it this that for with"
).split(/\s+/);
