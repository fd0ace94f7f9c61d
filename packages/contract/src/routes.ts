/**
 * Every API call's method and path, and nothing else: the one place a path is written (the first
 * screens' calls in first-routes.ts, named here in their place). This
 * module has no zod in it, so the app's client imports it without pulling schemas into the first
 * screen; `endpoints` (api.ts) adds each call's schemas, status and errors under the same names,
 * from each wing's `<wing>/endpoints.ts`. The table runs wing by wing, in `routeGroups`' order.
 */
import { firstRoutes } from "./first-routes.ts";
import type { Route } from "./route-path.ts";

export { fillPath, type Method, type PathParams, type Route } from "./route-path.ts";

export const routes = {
  // system
  health: { method: "get", path: "/api/health" },

  // items: ideas, notes, the feed, tags, 回收站
  listIdeas: firstRoutes.listIdeas,
  createIdea: firstRoutes.createIdea,
  getIdea: firstRoutes.getIdea,
  updateIdea: firstRoutes.updateIdea,
  deleteIdea: { method: "delete", path: "/api/ideas/{id}" },
  archiveIdea: { method: "post", path: "/api/ideas/{id}/archive" },
  unarchiveIdea: { method: "delete", path: "/api/ideas/{id}/archive" },
  listAnnotations: { method: "get", path: "/api/ideas/{id}/annotations" },
  createAnnotation: { method: "post", path: "/api/ideas/{id}/annotations" },
  listNotes: { method: "get", path: "/api/notes" },
  createNote: firstRoutes.createNote,
  getNote: { method: "get", path: "/api/notes/{id}" },
  updateNote: { method: "patch", path: "/api/notes/{id}" },
  deleteNote: { method: "delete", path: "/api/notes/{id}" },
  archiveNote: { method: "post", path: "/api/notes/{id}/archive" },
  unarchiveNote: { method: "delete", path: "/api/notes/{id}/archive" },
  noteHistory: { method: "get", path: "/api/notes/{id}/history" },
  noteVersion: { method: "get", path: "/api/notes/{id}/history/{versionId}" },
  restoreNoteVersion: { method: "post", path: "/api/notes/{id}/history/{versionId}/restore" },
  feed: firstRoutes.feed,
  editItems: { method: "post", path: "/api/items/edits" },
  listTags: firstRoutes.listTags,
  renameTag: { method: "post", path: "/api/tags/rename" },
  tagCleanup: { method: "get", path: "/api/tags/cleanup" },
  listTrash: { method: "get", path: "/api/trash" },
  restoreFromTrash: { method: "post", path: "/api/trash/{id}/restore" },
  deleteFromTrash: { method: "delete", path: "/api/trash/{id}" },
  emptyTrash: { method: "delete", path: "/api/trash" },

  // search: an item's related items; search by words and meaning; earlier items like a draft
  relatedToIdea: { method: "get", path: "/api/ideas/{id}/related" },
  relatedToNote: { method: "get", path: "/api/notes/{id}/related" },
  search: { method: "get", path: "/api/search" },
  similarToDraft: { method: "post", path: "/api/similar" },

  // review
  reviewToday: { method: "get", path: "/api/review/today" },
  markReviewDone: { method: "post", path: "/api/review/{itemId}/done" },
  getReviewExclusion: { method: "get", path: "/api/review/{itemId}/exclude" },
  excludeFromReview: { method: "post", path: "/api/review/{itemId}/exclude" },
  includeInReview: { method: "delete", path: "/api/review/{itemId}/exclude" },
  onThisDay: { method: "get", path: "/api/review/on-this-day" },

  // links: 被引用 and what a link points at now
  itemBacklinks: { method: "get", path: "/api/items/{type}/{id}/backlinks" },
  resolveLinks: { method: "post", path: "/api/links/resolve" },

  // stats: the heatmap of captures and a few numbers
  getStats: { method: "get", path: "/api/stats" },

  // insights: 洞察, reports over a scope kept apart from the notes
  listInsights: { method: "get", path: "/api/insights" },
  insightPrice: { method: "get", path: "/api/insights/price" },
  createInsight: { method: "post", path: "/api/insights" },
  getInsight: { method: "get", path: "/api/insights/{id}" },
  deleteInsight: { method: "delete", path: "/api/insights/{id}" },
  updateInsight: { method: "patch", path: "/api/insights/{id}" },
  markInsightRead: { method: "post", path: "/api/insights/{id}/read" },
  timeline: { method: "get", path: "/api/timeline" },

  // ai: the mode, conversations, tidying an idea and its versions, composing a note
  aiStatus: firstRoutes.aiStatus,
  listConversations: { method: "get", path: "/api/chat/conversations" },
  createConversation: { method: "post", path: "/api/chat/conversations" },
  renameConversation: { method: "patch", path: "/api/chat/conversations/{id}" },
  deleteConversation: { method: "delete", path: "/api/chat/conversations/{id}" },
  listMessages: { method: "get", path: "/api/chat/conversations/{id}/messages" },
  sendMessage: { method: "post", path: "/api/chat/conversations/{id}/messages" },
  tidyIdea: { method: "post", path: "/api/ideas/{id}/tidy" },
  listIdeaVersions: { method: "get", path: "/api/ideas/{id}/versions" },
  applyIdeaVersion: { method: "post", path: "/api/ideas/{id}/versions/{versionId}/apply" },
  restoreIdeaOriginal: { method: "post", path: "/api/ideas/{id}/restore-original" },
  composeNote: { method: "post", path: "/api/notes/compose" },

  // accounts: sign-in, sessions, access tokens (capture tokens their older name), the account, its profile and usage
  register: firstRoutes.register,
  login: firstRoutes.login,
  logout: { method: "post", path: "/api/auth/logout" },
  me: firstRoutes.me,
  listSessions: { method: "get", path: "/api/auth/sessions" },
  deleteSession: { method: "delete", path: "/api/auth/sessions/{id}" },
  changePassword: { method: "post", path: "/api/auth/password" },
  authOptions: firstRoutes.authOptions,
  resetPassword: { method: "post", path: "/api/auth/reset-password" },
  listAccessTokens: { method: "get", path: "/api/tokens" },
  createAccessToken: { method: "post", path: "/api/tokens" },
  revokeAccessToken: { method: "delete", path: "/api/tokens/{id}" },
  listCaptureTokens: { method: "get", path: "/api/auth/capture-tokens" },
  createCaptureToken: { method: "post", path: "/api/auth/capture-tokens" },
  revokeCaptureToken: { method: "delete", path: "/api/auth/capture-tokens/{id}" },
  deleteAccount: { method: "delete", path: "/api/account" },
  getProfile: firstRoutes.getProfile,
  updateProfile: { method: "patch", path: "/api/profile" },
  uploadAvatar: { method: "post", path: "/api/profile/avatar" },
  getAvatar: { method: "get", path: "/api/avatars/{key}" },
  getUsage: { method: "get", path: "/api/profile/usage" },

  // points
  getPoints: firstRoutes.getPoints,
  listLedger: { method: "get", path: "/api/points/ledger" },

  // attachments
  createAttachment: firstRoutes.createAttachment,
  transcribeAttachment: firstRoutes.transcribeAttachment,
  getFile: { method: "get", path: "/api/files/{id}" },
  getFileThumb: { method: "get", path: "/api/files/{id}/thumb" },

  // export
  exportPermission: { method: "get", path: "/api/export/permission" },
  exportData: { method: "post", path: "/api/export" },

  // import
  createImport: { method: "post", path: "/api/import" },
  getImport: { method: "get", path: "/api/import/{id}" },
  startImport: { method: "post", path: "/api/import/{id}/start" },
  cancelImport: { method: "delete", path: "/api/import/{id}" },

  // webdav
  getWebdav: { method: "get", path: "/api/profile/webdav" },
  updateWebdav: { method: "patch", path: "/api/profile/webdav" },
  deleteWebdav: { method: "delete", path: "/api/profile/webdav" },
  testWebdav: { method: "post", path: "/api/profile/webdav/test" },
  runWebdav: { method: "post", path: "/api/profile/webdav/run" },
  // webhooks
  listWebhooks: { method: "get", path: "/api/webhooks" },
  createWebhook: { method: "post", path: "/api/webhooks" },
  deleteWebhook: { method: "delete", path: "/api/webhooks/{id}" },
  testWebhook: { method: "post", path: "/api/webhooks/{id}/test" },
  listWebhookDeliveries: { method: "get", path: "/api/webhooks/{id}/deliveries" },
  // push: 提醒与推送, channels and what is pushed when
  getPush: { method: "get", path: "/api/profile/push" },
  updatePushSettings: { method: "patch", path: "/api/profile/push" },
  createPushChannel: { method: "post", path: "/api/profile/push/channels" },
  updatePushChannel: { method: "patch", path: "/api/profile/push/channels/{id}" },
  deletePushChannel: { method: "delete", path: "/api/profile/push/channels/{id}" },
  testPushChannel: { method: "post", path: "/api/profile/push/channels/{id}/test" },

  // messaging: chat accounts (微信公众号, Telegram) bound by a one-time code
  listMessagingBindings: { method: "get", path: "/api/messaging/bindings" },
  createBindCode: { method: "post", path: "/api/messaging/bind-code" },
  deleteMessagingBinding: { method: "delete", path: "/api/messaging/bindings/{id}" },

  // events: the live stream of the account's changes
  liveEvents: firstRoutes.liveEvents,
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof routes;

/**
 * Each wing's calls, by name: the server's wing of the same name mounts exactly these. Kept apart
 * from the table so that the app's bundle, which uses only `routes`, leaves it out.
 */
export const routeGroups = {
  system: ["health"],
  items: [
    "listIdeas",
    "createIdea",
    "getIdea",
    "updateIdea",
    "deleteIdea",
    "archiveIdea",
    "unarchiveIdea",
    "listAnnotations",
    "createAnnotation",
    "listNotes",
    "createNote",
    "getNote",
    "updateNote",
    "deleteNote",
    "archiveNote",
    "unarchiveNote",
    "noteHistory",
    "noteVersion",
    "restoreNoteVersion",
    "feed",
    "editItems",
    "listTags",
    "renameTag",
    "tagCleanup",
    "listTrash",
    "restoreFromTrash",
    "deleteFromTrash",
    "emptyTrash",
  ],
  search: ["relatedToIdea", "relatedToNote", "search", "similarToDraft"],
  review: [
    "reviewToday",
    "markReviewDone",
    "getReviewExclusion",
    "excludeFromReview",
    "includeInReview",
    "onThisDay",
  ],
  links: ["itemBacklinks", "resolveLinks"],
  stats: ["getStats"],
  insights: [
    "listInsights",
    "insightPrice",
    "createInsight",
    "getInsight",
    "deleteInsight",
    "updateInsight",
    "markInsightRead",
    "timeline",
  ],
  ai: [
    "aiStatus",
    "listConversations",
    "createConversation",
    "renameConversation",
    "deleteConversation",
    "listMessages",
    "sendMessage",
    "tidyIdea",
    "listIdeaVersions",
    "applyIdeaVersion",
    "restoreIdeaOriginal",
    "composeNote",
  ],
  accounts: [
    "register",
    "login",
    "logout",
    "me",
    "listSessions",
    "deleteSession",
    "changePassword",
    "authOptions",
    "resetPassword",
    "listAccessTokens",
    "createAccessToken",
    "revokeAccessToken",
    "listCaptureTokens",
    "createCaptureToken",
    "revokeCaptureToken",
    "deleteAccount",
    "getProfile",
    "updateProfile",
    "uploadAvatar",
    "getAvatar",
    "getUsage",
  ],
  points: ["getPoints", "listLedger"],
  attachments: ["createAttachment", "transcribeAttachment", "getFile", "getFileThumb"],
  export: ["exportPermission", "exportData"],
  import: ["createImport", "getImport", "startImport", "cancelImport"],
  webdav: ["getWebdav", "updateWebdav", "deleteWebdav", "testWebdav", "runWebdav"],
  webhooks: ["listWebhooks", "createWebhook", "deleteWebhook", "testWebhook", "listWebhookDeliveries"],
  push: [
    "getPush",
    "updatePushSettings",
    "createPushChannel",
    "updatePushChannel",
    "deletePushChannel",
    "testPushChannel",
  ],
  messaging: ["listMessagingBindings", "createBindCode", "deleteMessagingBinding"],
  events: ["liveEvents"],
} as const satisfies Record<string, readonly RouteName[]>;

export type Wing = keyof typeof routeGroups;
/** The names of one wing's calls. */
export type WingRouteName<W extends Wing> = (typeof routeGroups)[W][number];
