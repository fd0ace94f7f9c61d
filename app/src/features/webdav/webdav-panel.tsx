import type { WebdavStatus } from "@shinian/contract";
import { type WebdavBusy, WebdavCard, type WebdavCardProps, type WebdavFormValues } from "@shinian/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { LoadFailedAlert } from "../layout/load-failed-alert.tsx";
import {
  removeWebdav,
  runWebdav,
  saveWebdav,
  testWebdav,
  WATCH_EVERY_MS,
  webdavKey,
  webdavQuery,
} from "./webdav-data.ts";

/** How long after 立即备份 the outcome is watched for, should the upload not have started yet. */
const WATCH_AFTER_RUN_MS = 30_000;

/** 定时备份到 WebDAV on /profile: the ui card fed by GET /api/profile/webdav, its actions sent as asked. */
export function WebdavPanel() {
  const queryClient = useQueryClient();
  const [watchUntil, setWatchUntil] = React.useState(0);
  const {
    data: status,
    error,
    refetch,
    isFetching,
  } = useQuery({
    ...webdavQuery,
    refetchInterval: (query) =>
      query.state.data?.running || Date.now() < watchUntil ? WATCH_EVERY_MS : false,
  });
  const [busy, setBusy] = React.useState<WebdavBusy | null>(null);
  const [notice, setNotice] = React.useState<WebdavCardProps["notice"]>(null);
  // 已开始备份 holds only until the outcome it announces is shown
  const [outcomeWhenStarted, setOutcomeWhenStarted] = React.useState<string | null>(null);
  // a new form after a save or removal: the saved values, the password field empty again
  const [formKey, setFormKey] = React.useState(0);

  const act = async (kind: WebdavBusy, work: () => Promise<WebdavStatus | null>, done?: string) => {
    setBusy(kind);
    setNotice(null);
    setOutcomeWhenStarted(null);
    try {
      const next = await work();
      if (next) queryClient.setQueryData(webdavKey, next);
      if (kind === "saving" || kind === "removing") setFormKey((k) => k + 1);
      if (done) setNotice({ tone: "success", message: done });
    } catch (e) {
      setNotice({ tone: "error", message: errorMessage(e, "操作失败，请重试") });
    } finally {
      setBusy(null);
    }
  };

  if (!status) {
    if (!error) return null;
    return (
      <LoadFailedAlert
        title="WebDAV 备份设置加载失败"
        error={error}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  }
  const outcome = `${status.lastSuccess?.at}|${status.lastFailure?.at}`;
  const shownNotice = outcomeWhenStarted !== null && outcomeWhenStarted !== outcome ? null : notice;
  return (
    <WebdavCard
      key={formKey}
      available={status.available}
      settings={status.settings}
      nextRunAt={status.nextRunAt}
      running={status.running}
      lastSuccess={status.lastSuccess}
      lastFailure={status.lastFailure}
      targetChangedAt={status.targetChangedAt}
      stopped={status.stopped}
      busy={busy}
      notice={shownNotice}
      onSave={(values: WebdavFormValues) => void act("saving", () => saveWebdav(values), "已保存")}
      onTest={(values: WebdavFormValues) =>
        void act("testing", async () => {
          const result = await testWebdav(values);
          setNotice({ tone: result.ok ? "success" : "error", message: result.message });
          return null;
        })
      }
      onRun={() =>
        void act(
          "running",
          async () => {
            const next = await runWebdav();
            setWatchUntil(Date.now() + WATCH_AFTER_RUN_MS);
            setOutcomeWhenStarted(`${next.lastSuccess?.at}|${next.lastFailure?.at}`);
            return next;
          },
          "已开始备份，完成后这里会显示结果",
        )
      }
      onRemove={() => void act("removing", removeWebdav, "已删除 WebDAV 设置，网盘里的备份不受影响")}
    />
  );
}
