/**
 * Every API call's method and path, and nothing else: the one place a path is written. This
 * module has no zod in it, so the app's client imports it without pulling schemas into the first
 * screen; `endpoints` (api.ts) adds each call's schemas, status and errors under the same names.
 */
export type Method = "get" | "post" | "patch" | "delete";
export type Route = { readonly method: Method; readonly path: `/api/${string}` };

export const routes = {
  health: { method: "get", path: "/api/health" },

  register: { method: "post", path: "/api/auth/register" },
  login: { method: "post", path: "/api/auth/login" },
  logout: { method: "post", path: "/api/auth/logout" },
  me: { method: "get", path: "/api/auth/me" },
  listSessions: { method: "get", path: "/api/auth/sessions" },
  deleteSession: { method: "delete", path: "/api/auth/sessions/{id}" },
  changePassword: { method: "post", path: "/api/auth/password" },
  authOptions: { method: "get", path: "/api/auth/options" },
  resetPassword: { method: "post", path: "/api/auth/reset-password" },
  listCaptureTokens: { method: "get", path: "/api/auth/capture-tokens" },
  createCaptureToken: { method: "post", path: "/api/auth/capture-tokens" },
  revokeCaptureToken: { method: "delete", path: "/api/auth/capture-tokens/{id}" },
  deleteAccount: { method: "delete", path: "/api/account" },

  getProfile: { method: "get", path: "/api/profile" },
  updateProfile: { method: "patch", path: "/api/profile" },
  uploadAvatar: { method: "post", path: "/api/profile/avatar" },
  getAvatar: { method: "get", path: "/api/avatars/{key}" },
  getUsage: { method: "get", path: "/api/profile/usage" },

  createAttachment: { method: "post", path: "/api/attachments" },
  transcribeAttachment: { method: "post", path: "/api/attachments/{id}/transcribe" },
  getFile: { method: "get", path: "/api/files/{id}" },
  getFileThumb: { method: "get", path: "/api/files/{id}/thumb" },

  listIdeas: { method: "get", path: "/api/ideas" },
  createIdea: { method: "post", path: "/api/ideas" },
  getIdea: { method: "get", path: "/api/ideas/{id}" },
  updateIdea: { method: "patch", path: "/api/ideas/{id}" },
  deleteIdea: { method: "delete", path: "/api/ideas/{id}" },
  tidyIdea: { method: "post", path: "/api/ideas/{id}/tidy" },
  listIdeaVersions: { method: "get", path: "/api/ideas/{id}/versions" },
  applyIdeaVersion: { method: "post", path: "/api/ideas/{id}/versions/{versionId}/apply" },
  restoreIdeaOriginal: { method: "post", path: "/api/ideas/{id}/restore-original" },
  relatedToIdea: { method: "get", path: "/api/ideas/{id}/related" },

  listNotes: { method: "get", path: "/api/notes" },
  createNote: { method: "post", path: "/api/notes" },
  composeNote: { method: "post", path: "/api/notes/compose" },
  getNote: { method: "get", path: "/api/notes/{id}" },
  updateNote: { method: "patch", path: "/api/notes/{id}" },
  deleteNote: { method: "delete", path: "/api/notes/{id}" },
  relatedToNote: { method: "get", path: "/api/notes/{id}/related" },

  feed: { method: "get", path: "/api/feed" },
  editItems: { method: "post", path: "/api/items/edits" },
  search: { method: "get", path: "/api/search" },

  listTags: { method: "get", path: "/api/tags" },
  renameTag: { method: "post", path: "/api/tags/rename" },

  getPoints: { method: "get", path: "/api/points" },
  listLedger: { method: "get", path: "/api/points/ledger" },

  exportPermission: { method: "get", path: "/api/export/permission" },
  exportData: { method: "post", path: "/api/export" },

  createImport: { method: "post", path: "/api/import" },
  getImport: { method: "get", path: "/api/import/{id}" },
  startImport: { method: "post", path: "/api/import/{id}/start" },
  cancelImport: { method: "delete", path: "/api/import/{id}" },

  getWebdav: { method: "get", path: "/api/profile/webdav" },
  updateWebdav: { method: "patch", path: "/api/profile/webdav" },
  deleteWebdav: { method: "delete", path: "/api/profile/webdav" },
  testWebdav: { method: "post", path: "/api/profile/webdav/test" },
  runWebdav: { method: "post", path: "/api/profile/webdav/run" },

  listTrash: { method: "get", path: "/api/trash" },
  restoreFromTrash: { method: "post", path: "/api/trash/{id}/restore" },
  deleteFromTrash: { method: "delete", path: "/api/trash/{id}" },
  emptyTrash: { method: "delete", path: "/api/trash" },

  reviewToday: { method: "get", path: "/api/review/today" },
  markReviewDone: { method: "post", path: "/api/review/{itemId}/done" },
  getReviewExclusion: { method: "get", path: "/api/review/{itemId}/exclude" },
  excludeFromReview: { method: "post", path: "/api/review/{itemId}/exclude" },
  includeInReview: { method: "delete", path: "/api/review/{itemId}/exclude" },
  onThisDay: { method: "get", path: "/api/review/on-this-day" },

  aiStatus: { method: "get", path: "/api/ai/status" },
  listConversations: { method: "get", path: "/api/chat/conversations" },
  createConversation: { method: "post", path: "/api/chat/conversations" },
  renameConversation: { method: "patch", path: "/api/chat/conversations/{id}" },
  deleteConversation: { method: "delete", path: "/api/chat/conversations/{id}" },
  listMessages: { method: "get", path: "/api/chat/conversations/{id}/messages" },
  sendMessage: { method: "post", path: "/api/chat/conversations/{id}/messages" },
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof routes;

/** The parameters a path names: `/api/ideas/{id}` → `{ id: string }`. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name]: string } & PathParams<Rest>
  : Record<never, never>;

/** A path with its parameters filled in, each one URI-encoded. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
