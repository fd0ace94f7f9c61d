/** The token names documented in Storybook; values are always read live from tokens.css. */
export const colorGroups = [
  {
    title: "品牌色",
    tokens: [
      { name: "--sn-primary", label: "主色（橙）", pair: "--sn-primary-foreground" },
      { name: "--sn-primary-hover", label: "主色悬停", pair: "--sn-primary-foreground" },
      { name: "--sn-primary-soft", label: "主色浅底", pair: "--sn-primary-soft-foreground" },
      { name: "--sn-brand", label: "品牌亮橙（仅装饰）", pair: null },
    ],
  },
  {
    title: "语义色",
    tokens: [
      { name: "--sn-success", label: "成功（绿）", pair: "--sn-success-foreground" },
      { name: "--sn-warning", label: "警告（橙）", pair: "--sn-warning-foreground" },
      { name: "--sn-error", label: "错误（红）", pair: "--sn-error-foreground" },
      { name: "--sn-info", label: "信息（蓝）", pair: "--sn-info-foreground" },
      { name: "--sn-success-soft", label: "成功浅底", pair: "--sn-success-soft-foreground" },
      { name: "--sn-warning-soft", label: "警告浅底", pair: "--sn-warning-soft-foreground" },
      { name: "--sn-error-soft", label: "错误浅底", pair: "--sn-error-soft-foreground" },
      { name: "--sn-info-soft", label: "信息浅底", pair: "--sn-info-soft-foreground" },
    ],
  },
  {
    title: "中性色",
    tokens: [
      { name: "--sn-background", label: "背景", pair: "--sn-foreground" },
      { name: "--sn-surface", label: "表面", pair: "--sn-foreground" },
      { name: "--sn-muted", label: "弱化底色", pair: "--sn-muted-foreground" },
      { name: "--sn-subtle", label: "次要底色", pair: "--sn-subtle-foreground" },
      { name: "--sn-border", label: "边框", pair: null },
      { name: "--sn-input", label: "输入框边框", pair: null },
      { name: "--sn-highlight", label: "搜索高亮", pair: "--sn-highlight-foreground" },
    ],
  },
] as const;

export const radiusTokens = [
  "--sn-radius-sm",
  "--sn-radius-md",
  "--sn-radius-lg",
  "--sn-radius-full",
] as const;
export const shadowTokens = ["--sn-shadow-sm", "--sn-shadow-md", "--sn-shadow-lg"] as const;
export const zIndexTokens = [
  { name: "--sn-z-base", use: "普通内容" },
  { name: "--sn-z-sticky", use: "吸顶顶栏" },
  { name: "--sn-z-dropdown", use: "下拉菜单" },
  { name: "--sn-z-overlay", use: "对话框遮罩" },
  { name: "--sn-z-dialog", use: "对话框" },
  { name: "--sn-z-floating", use: "导出卡片等浮层" },
] as const;
export const fontTokens = [
  { name: "--sn-font-sans", sample: "拾念 · 记录每一个想法 Shinian 0123456789" },
  { name: "--sn-font-mono", sample: "const 想法 = '拾念';" },
] as const;

export const screenTokens = [
  { name: "--sn-breakpoint-tablet", use: "平板起点：768–1023px 为平板；以下为手机（320–767px）" },
  { name: "--sn-breakpoint-desktop", use: "桌面起点：从 1024px 起使用规范的桌面尺寸" },
  { name: "--sn-topbar-height", use: "顶栏高度：手机和平板 56px，桌面 73px（随屏幕变化）" },
  { name: "--sn-tap-target", use: "触屏上最小的点按区域" },
] as const;
