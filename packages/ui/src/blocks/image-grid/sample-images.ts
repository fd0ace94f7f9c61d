/** Deterministic pictures for stories (no network, same pixels every run). */
const picture = (from: string, to: string, label: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="400" height="300" fill="url(#g)"/><circle cx="300" cy="80" r="40" fill="#fff" opacity=".7"/><text x="24" y="270" font-family="sans-serif" font-size="28" fill="#fff">${label}</text></svg>`,
  )}`;

export const sampleImages = [
  picture("#f97316", "#facc15", "1"),
  picture("#0ea5e9", "#22c55e", "2"),
  picture("#6366f1", "#ec4899", "3"),
  picture("#334155", "#94a3b8", "4"),
];
