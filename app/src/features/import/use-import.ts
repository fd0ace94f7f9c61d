import type { ImportCardStatus } from "@shinian/ui";
import * as React from "react";
import { cancelImport, fetchImport, startImport, uploadImport } from "../../api/import.ts";
import { tokenStore } from "../../auth/token-store.ts";
import { queryClient } from "../../data/query-client.ts";
import { createImportMachine, type ImportMachine } from "./import-machine.ts";

const jobKey = (userId: string) => `shinian:import:${userId}`;
const currentUser = () => tokenStore.get().user?.id ?? null;

function rememberJob(jobId: string | null) {
  const userId = currentUser();
  if (!userId) return;
  try {
    if (jobId) localStorage.setItem(jobKey(userId), jobId);
    else localStorage.removeItem(jobKey(userId));
  } catch {
    // storage full or blocked: the import still runs, it just is not followed after a reload
  }
}

function rememberedJob(): string | null {
  const userId = currentUser();
  try {
    return userId ? localStorage.getItem(jobKey(userId)) : null;
  } catch {
    return null;
  }
}

let machine: ImportMachine | null = null;

/**
 * One machine for the app, so an import keeps being followed while the person reads other screens.
 * When it ends, every cached resource is read again: ideas, notes and conversations arrived, and
 * 个人资料's counts and 存储空间 changed; 首页 and search read afresh whenever they open.
 */
export function importMachine(): ImportMachine {
  if (machine) return machine;
  const m = createImportMachine({
    upload: uploadImport,
    start: startImport,
    status: fetchImport,
    cancel: cancelImport,
    onSettled: () => void queryClient.invalidateQueries(),
    remember: rememberJob,
    recall: rememberedJob,
  });
  // Another account signs in on this browser: it must not see, or follow, this one's import.
  let userId = currentUser();
  tokenStore.subscribe(() => {
    if (currentUser() === userId) return;
    userId = currentUser();
    m.reset();
  });
  machine = m;
  return m;
}

export function useImport(): { status: ImportCardStatus; machine: ImportMachine } {
  const m = importMachine();
  const status = React.useSyncExternalStore(m.subscribe, m.getStatus);
  React.useEffect(() => {
    const jobId = rememberedJob();
    if (jobId) void m.resume(jobId);
  }, [m]);
  return { status, machine: m };
}
