import { readFileSync } from "node:fs";
import { routes } from "@shinian/contract/routes";
import type { Plugin } from "vite";
import {
  ANNOTATION_DB,
  QUEUE_DB,
  QUEUE_STORE,
  queueKey,
  SESSION_KEY,
} from "../src/features/capture-queue/queue-names.ts";
import {
  createAnnotationBody,
  createIdeaBody,
  forgetUploads,
} from "../src/features/capture-queue/queue-requests.ts";

// Not hashed by the bundler (it must run before the first paint): its text goes into the version.
const bootScript = new URL("../public/boot.js", import.meta.url);

/**
 * A small service-worker build step instead of vite-plugin-pwa (and its Workbox tree): after
 * the bundle is written, emit sw.js with the exact list of files to precache, versioned by
 * their hashed names, so the app shell and every route chunk open offline.
 */
export function pwa(): Plugin {
  return {
    name: "shinian-pwa",
    apply: "build",
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => /\.(js|css|html|svg|png|webmanifest)$/.test(name))
        .map((name) => `/${name}`);
      const precache = [
        "/",
        ...files,
        "/manifest.webmanifest",
        "/favicon.svg",
        "/icon-192.png",
        "/icon-512.png",
        "/icon-maskable-192.png",
        "/icon-maskable-512.png",
        "/apple-touch-icon.png",
        "/boot.js",
      ];
      const version = [
        ...files.filter((f) => f.startsWith("/assets/")).sort(),
        readFileSync(bootScript, "utf8"),
      ].join("|");
      let hash = 0;
      for (let i = 0; i < version.length; i++) hash = (hash * 31 + version.charCodeAt(i)) | 0;
      this.emitFile({
        type: "asset",
        fileName: "sw.js",
        source: serviceWorker(`shinian-${(hash >>> 0).toString(36)}`, [...new Set(precache)]),
      });
    },
  };
}

const serviceWorker = (
  cacheName: string,
  precache: string[],
) => `// Generated at build time by app/build/pwa.ts.
const CACHE = ${JSON.stringify(cacheName)};
const PRECACHE = ${JSON.stringify(precache)};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // Only this origin's GETs; the API is never cached (private, and always fresh).
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    // Network first so a new release shows at once; the cached shell when offline.
    event.respondWith(fetch(request).catch(() => caches.match("/", { ignoreSearch: true })));
    return;
  }
  event.respondWith(
    caches.match(request).then(
      (hit) =>
        hit ||
        fetch(request).then((response) => {
          if (response.ok && url.pathname.startsWith("/assets/")) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});

// Background Sync: captures queued offline (app/src/features/capture-queue/queue-store.ts) are
// sent when the network returns, even with no page open: the files each capture waits to upload
// first, in order, each id written back before the next (as send-queued.ts does), then the idea.
// Only the clear answers are settled here (saved, or 410 deleted); a refusal stays for the app,
// which shows its reason. A rejected promise asks the browser to fire the sync again later.
self.addEventListener("sync", (event) => {
  if (event.tag === "capture-queue") event.waitUntil(sendQueuedCaptures());
});

const idb = (request) =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const queueKey = ${queueKey.toString()};
const createIdeaBody = ${createIdeaBody.toString()};
const createAnnotationBody = ${createAnnotationBody.toString()};
const forgetUploads = ${forgetUploads.toString()};
const STORE = ${JSON.stringify(QUEUE_STORE)};

// A change to a capture only if it is still queued: the app may have sent and dropped it meanwhile.
function patchQueued(db, item, change) {
  const store = db.transaction(STORE, "readwrite").objectStore(STORE);
  return idb(store.get(queueKey(item))).then((stored) => (stored ? idb(store.put(change(stored), queueKey(item))) : undefined));
}

// "sent", "wait" (offline, 5xx, 401, 408, 429: the sync is tried again later) or "refused" (for the app).
const verdict = (response) =>
  response.ok ? "sent" : response.status >= 500 || [401, 408, 429].includes(response.status) ? "wait" : "refused";

async function uploadFiles(db, session, item) {
  let files = item.files || [];
  for (const file of files) {
    if (file.attachmentId || !file.blob) continue;
    const form = new FormData();
    form.append("file", new File([file.blob], file.name, { type: file.contentType }));
    const response = await fetch(${JSON.stringify(routes.createAttachment.path)}, {
      method: ${JSON.stringify(routes.createAttachment.method.toUpperCase())},
      headers: { Accept: "application/json", Authorization: "Bearer " + session.token },
      body: form,
    });
    const outcome = verdict(response);
    if (outcome !== "sent") return outcome;
    const attachmentId = (await response.json()).data.id;
    const withId = (list) => (list || []).map((f) => (f.key === file.key ? { ...f, attachmentId } : f));
    files = withId(files);
    await patchQueued(db, item, (stored) => ({ ...stored, files: withId(stored.files) }));
  }
  return { ...item, files };
}

// a queued 批注 (kind "annotation") goes to its idea's thread; anything else is an idea
const createIdea = (session, item) =>
  fetch(item.kind === "annotation" ? ${JSON.stringify(routes.createAnnotation.path)}.replace("{id}", item.ideaId) : ${JSON.stringify(routes.createIdea.path)}, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer " + session.token },
    body: JSON.stringify(item.kind === "annotation" ? createAnnotationBody(item) : createIdeaBody(item)),
  });

// Never creates a database: the app's store would then miss its object store.
function openQueue(name) {
  const open = indexedDB.open(name);
  open.onupgradeneeded = () => open.transaction.abort();
  return idb(open).catch(() => null);
}

async function readQueue(db) {
  const store = db.transaction(STORE).objectStore(STORE); // one transaction: keys and values agree
  const [keys, values] = await Promise.all([idb(store.getAllKeys()), idb(store.getAll())]);
  return { keys, values };
}

// The ideas first, then the 批注 (their own database, queue-names.ts): a 批注's idea is on the server already.
async function sendQueuedCaptures() {
  const db = await openQueue(${JSON.stringify(QUEUE_DB)});
  if (!db) return;
  const { keys, values } = await readQueue(db);
  const session = values[keys.indexOf(${JSON.stringify(SESSION_KEY)})];
  if (!session) return;
  if ((await sendFrom(db, session, keys, values)) === "stop") return;
  const annotations = await openQueue(${JSON.stringify(ANNOTATION_DB)});
  if (!annotations) return;
  const queue = await readQueue(annotations);
  await sendFrom(annotations, session, queue.keys, queue.values);
}

async function sendFrom(db, session, keys, values) {
  const queued = values
    .filter((item, i) => keys[i] !== ${JSON.stringify(SESSION_KEY)} && item.userId === session.userId && item.state === "pending")
    .sort((a, b) => a.capturedAt.localeCompare(b.capturedAt) || a.clientId.localeCompare(b.clientId));
  for (const item of queued) {
    let ready = await uploadFiles(db, session, item);
    if (ready === "wait") throw new Error("not now");
    if (ready === "refused") return "stop";
    let response = await createIdea(session, ready);
    // 404: an upload was swept while the capture waited: once more from the kept blobs.
    const again =
      response.status === 404
        ? forgetUploads(ready, (await response.clone().json().catch(() => ({}))).message)
        : null;
    if (again) {
      await patchQueued(db, item, (stored) => ({ ...stored, files: again.files }));
      ready = await uploadFiles(db, session, again);
      if (ready === "wait") throw new Error("not now");
      if (ready === "refused") return "stop";
      response = await createIdea(session, ready);
    }
    if (response.ok || response.status === 410) {
      await idb(db.transaction(STORE, "readwrite").objectStore(STORE).delete(queueKey(item)));
    } else if (verdict(response) === "wait") {
      throw new Error("not now: " + response.status);
    } else return "stop";
  }
}
`;
