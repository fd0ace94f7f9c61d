/**
 * A small hand-kept lexicon of everyday topics (issue 33, item 10): 相关内容 and 你想过这个 relate
 * 马拉松 and 5公里配速 without a model because both are words of the topic 跑步. Each text's topics
 * become search words of their own (TOPIC_MARK + topic), never typed by a person, so search never
 * finds them; the lexicon's words it says become words too, since the segmenter splits many of them
 * (配速 → 配|速). Written by the same hand as the bench's topic groups, so its figure there is a
 * tuning figure (docs/search-quality.md). Words of two or more characters only: one character (跑, 茶) says too little.
 */
const LEXICON = `
跑步: 跑步 慢跑 夜跑 晨跑 长跑 跑量 配速 马拉松 半马 全马 跑鞋 间歇跑 跑者 完赛 跑团 跑道 操场 拉伸 心率 运动手表 越野跑 十公里 五公里 5公里 10公里 跑了
游泳: 游泳 泳池 泳镜 泳衣 泳帽 蛙泳 自由泳 仰泳 蝶泳 换气 憋气 浮潜 潜水 游泳馆 游泳班 水性
健身: 健身 健身房 健身卡 私教 深蹲 卧推 硬拉 增肌 减脂 力量训练 蛋白粉 引体向上 器械 练腿 练背 练胸 俯卧撑 平板支撑 撸铁 瑜伽 普拉提 肌肉
运动: 运动 锻炼 跑步 游泳 健身 打球 羽毛球 篮球 足球 乒乓球 骑行 爬山 徒步 出汗 酸痛
睡眠: 睡眠 失眠 睡不着 入睡 早睡 晚睡 熬夜 午睡 褪黑素 做梦 噩梦 半夜 凌晨 醒来 睡醒 困了 犯困 枕头 窗帘 打呼噜 睡得 睡前 睡觉 作息 早起 赖床 补觉
猫: 猫咪 猫粮 猫砂 猫抓板 逗猫棒 铲屎 主子 绝育 掉毛 航空箱 猫爬架 罐头 冻干 猫条 喵星人 小猫 橘猫 布偶猫 英短
狗: 狗狗 遛狗 狗粮 柯基 泰迪 金毛 柴犬 牵引绳 狂犬疫苗 狗绳 遛弯 小狗 汪星人 拆家 握手
宠物: 宠物 宠物医院 疫苗 驱虫 绝育 猫咪 狗狗 猫粮 狗粮 铲屎 掉毛 洗澡 零食
咖啡: 咖啡 拿铁 美式 手冲 挂耳 速溶 咖啡豆 咖啡店 咖啡因 磨豆机 研磨 萃取 意式 浓缩 卡布奇诺 冷萃 燕麦拿铁 生椰拿铁 瑞幸 星巴克 烘焙 豆子 咖啡机
茶: 喝茶 泡茶 茶叶 龙井 普洱 白茶 红茶 绿茶 乌龙 铁观音 盖碗 紫砂壶 茶园 采茶 炒茶 茶具 茶杯 明前 奶茶 花茶 浓茶
减肥: 减肥 减脂 体重 体脂 体脂率 卡路里 热量 瘦了 胖了 长胖 变胖 腰围 断食 轻断食 碳水 平台期 称体重 少吃 节食 鸡胸肉 代餐 斤 身材 饱腹
理财: 理财 存钱 攒钱 基金 定投 股票 债券 指数基金 货币基金 收益 回本 亏损 记账 账单 信用卡 房贷 还贷 定期 活期 存款 资产配置 工资 年终奖 应急资金 花销 开销 预算 省钱 订阅 会员 理财产品 余额宝
读书: 读书 看书 读完 读了 书单 小说 电子书 kindle 图书馆 读书会 读书笔记 微信读书 作者 章节 出版 书店 重读 豆瓣 散文 传记 一本书 这本书 页书
做饭: 做饭 下厨 菜谱 食谱 炒菜 红烧 炖 蒸鱼 煮 煎 烤箱 空气炸锅 电饭煲 调料 酱油 冰糖 糖色 饺子 面条 拌面 备菜 便当 刀工 火候 食材 买菜 鸡翅 牛腩 土豆丝 番茄 葱油 糊了
旅行: 旅行 旅游 出游 度假 攻略 机票 酒店 民宿 签证 护照 行李 景点 门票 自由行 跟团 打卡 游客 出境 酒店 航班 高铁 周游券 新干线 温泉
日本: 日本 京都 东京 大阪 奈良 北海道 冲绳 富士山 新干线 清水寺 樱花 红叶 日元 居酒屋 章鱼烧
工作变动: 面试 简历 跳槽 离职 辞职 裸辞 入职 offer 猎头 岗位 招聘 薪资 涨薪 试用期 交接 新公司 老东家 一面 二面 终面 背调 找工作 换工作
工作: 上班 加班 开会 领导 同事 老板 项目 汇报 绩效 周报 kpi 需求 打卡 摸鱼 述职 考核 出差
孩子: 孩子 女儿 儿子 宝宝 小朋友 幼儿园 小学 上学 放学 接孩子 家长会 老师 作业 兴趣班 美术班 辅导 家长 幼升小 小红花 春游 班主任 亲子
父母: 父母 爸妈 爸爸 妈妈 老爸 老妈 老家 回家 养老 体检 血压 孝顺 老人 长辈 按摩椅 养生 过年
吉他: 吉他 和弦 横按 扫弦 指弹 弹唱 琴弦 调音 调音器 变调夹 爬格子 前奏 练琴 琴行 乐谱 六线谱 尤克里里 钢琴 乐器 节拍器
植物: 植物 养花 绿萝 多肉 龟背竹 发财树 月季 薄荷 栀子 盆栽 花盆 换盆 营养土 浇水 施肥 缓释肥 扦插 发芽 开花 叶子 黄叶 烂根 阳台 光照 花草 绿植
感冒: 感冒 发烧 退烧 咳嗽 流鼻涕 鼻涕 鼻塞 打喷嚏 嗓子疼 喉咙 着凉 流感 病毒 布洛芬 感冒药 体温 头疼 姜茶 请病假 医生 医院 吃药 输液 生病 退热
看牙: 牙齿 牙疼 牙医 洗牙 补牙 拔牙 智齿 根管 矫正 牙龈 牙刷 电动牙刷 牙膏 口腔 蛀牙 龋齿 假牙 种牙 敏感 牙套
通勤: 通勤 地铁 公交 早高峰 晚高峰 堵车 换乘 打车 网约车 滴滴 共享单车 电动车 骑车 高架 迟到 路上 站台 地铁站 班车 开车上班
学车: 驾校 驾照 学车 练车 教练 科目一 科目二 科目三 科目四 倒车入库 侧方停车 路考 上路 新手 实习标志 考驾照 约车 压线 停车 车位 开车
开车: 开车 停车 车位 加油 油价 高速 高架 堵车 违章 保险 保养 洗车 新能源 充电桩 自驾
英语: 英语 英文 单词 背单词 雅思 托福 四六级 口语 听力 阅读理解 语法 时态 外教 美剧 字幕 跟读 原版 生词 发音 词汇 作文 翻译 外语
摄影: 摄影 相机 镜头 定焦 变焦 光圈 快门 曝光 长曝光 构图 三分法 对焦 虚化 人像 风光 扫街 修图 调色 滤镜 慢门 拍照 照片 胶片 单反 微单 夜景
租房: 租房 房租 房东 租客 合租 室友 中介 中介费 押金 押一付三 看房 搬家 退租 租约 租房合同 货拉拉 采光 隔音 整租 单间
装修: 装修 装修公司 报价 预算 乳胶漆 刷墙 墙面 瓷砖 地板 水电 插座 开关 定制 衣柜 橱柜 甲醛 通风 台面 石英石 软装 窗帘 地毯 工人 返工 吊顶 硬装
电影: 电影 电影院 影院 看片 影片 片子 导演 演员 豆瓣评分 评分 imax 首映 票房 电影票 纪录片 动画片 喜剧 剧情 反转 结局 预告片 宫崎骏 诺兰 老片 追剧
情绪: 情绪 心情 焦虑 抑郁 低落 难过 伤心 开心 快乐 崩溃 压力 内耗 烦心 烦躁 委屈 哭了 心理咨询 咨询师 情绪日记 放松 担心 紧张 生气 孤独 迷茫
编程: 代码 编程 写代码 bug 调试 排查 脚本 数据库 索引 接口 部署 服务器 前端 后端 算法 动态规划 git 合并冲突 代码评审 单元测试 覆盖率 typescript rust python java 重构 上线 线上 报错 变量
天气: 天气 天气预报 下雨 下雪 降温 升温 气温 高温 台风 暴雨 梅雨 回南天 雾霾 紫外线 防晒 羽绒服 晴天 阴天 潮湿 干燥 秋高气爽 闷热 冷空气 度数
看病: 医院 医生 挂号 门诊 体检 检查 拍片 化验 吃药 处方 住院 手术 复查 病历 医保
购物: 购物 网购 淘宝 京东 拼多多 快递 下单 退货 双十一 打折 优惠券 剁手 包邮 种草 拔草
`;

/** Marks a topic among an item's search words: no segmented word starts with it. */
export const TOPIC_MARK = "~";

const byWord = new Map<string, string[]>();
for (const line of LEXICON.trim().split("\n")) {
  const [topic, words] = line.split(":");
  for (const word of new Set([topic!.trim(), ...words!.trim().split(/\s+/)])) {
    if ([...word].length < 2) continue;
    byWord.set(word, [...(byWord.get(word) ?? []), topic!.trim()]);
  }
}
/** The lexicon's words by their first character, longest first, so that 燕麦拿铁 is read before 拿铁. */
const byFirst = new Map<string, string[]>();
for (const word of [...byWord.keys()].sort((a, b) => b.length - a.length)) {
  byFirst.set(word[0]!, [...(byFirst.get(word[0]!) ?? []), word]);
}
const LATIN = /[a-z0-9]/;

/**
 * The lexicon's words a folded text says (longest match, left to right; a word in letters only as a
 * whole word: git is not in digit), and their topics as search words (~跑步), each once. One look-up
 * per character.
 */
export function topicWords(folded: string): { words: string[]; topics: string[] } {
  const words = new Set<string>();
  const topics = new Set<string>();
  for (let i = 0; i < folded.length; ) {
    const found = byFirst.get(folded[i]!)?.find((w) => folded.startsWith(w, i) && whole(folded, i, w));
    if (!found) {
      i++;
      continue;
    }
    words.add(found);
    for (const t of byWord.get(found)!) topics.add(TOPIC_MARK + t);
    i += found.length;
  }
  return { words: [...words], topics: [...topics] };
}

const whole = (text: string, at: number, word: string) =>
  !LATIN.test(word[0]!) || (!LATIN.test(text[at - 1] ?? "") && !LATIN.test(text[at + word.length] ?? ""));

/** A search word that is a topic mark, as a person reads it (跑步), else null. */
export const topicOf = (lexeme: string) => (lexeme.startsWith(TOPIC_MARK) ? lexeme.slice(1) : null);
