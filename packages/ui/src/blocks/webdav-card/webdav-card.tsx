import * as React from "react";
import { Alert } from "../../primitives/alert";
import { Button } from "../../primitives/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../primitives/card";
import { Field } from "../../primitives/field";
import { Input } from "../../primitives/input";
import { PasswordField } from "../../primitives/password-field";
import { type WebdavBackupState, WebdavStatus } from "./webdav-status";

export type WebdavFrequency = "off" | "daily" | "weekly";
export type WebdavSettings = { url: string; username: string; frequency: WebdavFrequency; keep: number };
/**
 * What the form holds; an empty password keeps the saved one. `accountPassword` (拾念's login
 * password) is asked for where the backups go is set or changed, or a paused backup turned on.
 */
export type WebdavFormValues = WebdavSettings & { password: string; accountPassword: string };
export type WebdavBusy = "saving" | "testing" | "running" | "removing";

export type WebdavCardProps = Omit<React.ComponentProps<"div">, "onSubmit"> &
  Partial<WebdavBackupState> & {
    /** false: the server cannot store passwords (no key); the card says so and offers nothing. */
    available?: boolean;
    /** The saved settings, null before the first save. */
    settings: WebdavSettings | null;
    busy?: WebdavBusy | null;
    /** The answer of 测试连接, or a refusal of 保存. */
    notice?: { tone: "success" | "error"; message: string } | null;
    onSave?: (values: WebdavFormValues) => void;
    onTest?: (values: WebdavFormValues) => void;
    onRun?: () => void;
    onRemove?: () => void;
  };

const FREQUENCIES: [WebdavFrequency, string][] = [
  ["off", "关闭"],
  ["daily", "每天"],
  ["weekly", "每周"],
];

/** 定时备份到 WebDAV on 个人资料: where the zips go, how often, how many stay, and how it went. */
export function WebdavCard({
  available = true,
  settings,
  busy = null,
  notice = null,
  nextRunAt = null,
  running = false,
  lastSuccess = null,
  lastFailure = null,
  targetChangedAt = null,
  stopped = null,
  onSave,
  onTest,
  onRun,
  onRemove,
  className,
  ...props
}: WebdavCardProps) {
  const [values, setValues] = React.useState<WebdavFormValues>({
    url: settings?.url ?? "",
    username: settings?.username ?? "",
    password: "",
    accountPassword: "",
    frequency: settings?.frequency ?? "daily",
    keep: settings?.keep ?? 7,
  });
  const set = (patch: Partial<WebdavFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const state = !available
    ? "unavailable"
    : settings
      ? stopped
        ? "stopped"
        : lastFailure
          ? "failed"
          : "set"
      : "unset";
  // where every note will be sent: confirmed by the person, not only by a session
  const asksAccountPassword =
    !settings ||
    !!stopped ||
    values.url.trim() !== settings.url ||
    values.username.trim() !== settings.username;

  return (
    <Card data-slot="webdav-card" data-state={state} className={className} {...props}>
      <CardHeader>
        <CardTitle>定时备份到 WebDAV</CardTitle>
        <CardDescription>把导出的 zip 定时上传到坚果云、Nextcloud 等支持 WebDAV 的网盘。</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!available ? (
          <Alert
            tone="info"
            title="本服务器未开启 WebDAV 备份"
            description="如需定时备份，请联系管理员开启。"
          />
        ) : (
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              onSave?.(values);
            }}
          >
            {settings ? (
              <WebdavStatus
                {...{ nextRunAt, running, lastSuccess, lastFailure, targetChangedAt, stopped }}
                scheduled={settings.frequency !== "off"}
              />
            ) : null}
            <Field
              label="文件夹地址"
              hint="例如坚果云：https://dav.jianguoyun.com/dav/拾念备份/（先在网盘里建好文件夹）"
            >
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder="https://"
                  value={values.url}
                  onChange={(e) => set({ url: e.target.value })}
                />
              )}
            </Field>
            <Field label="用户名">
              {(control) => (
                <Input
                  {...control}
                  autoComplete="username"
                  value={values.username}
                  onChange={(e) => set({ username: e.target.value })}
                />
              )}
            </Field>
            <PasswordField
              label="应用密码"
              hint="在网盘的安全设置里为拾念单独生成；加密保存，不会再显示"
              autoComplete="new-password"
              placeholder={settings ? "已保存，不修改请留空" : undefined}
              value={values.password}
              onValueChange={(password) => set({ password })}
            />
            {asksAccountPassword ? (
              <PasswordField
                label="拾念登录密码"
                hint="备份会把全部记录发到这个地址，设置或修改地址时请确认是你本人"
                autoComplete="current-password"
                value={values.accountPassword}
                onValueChange={(accountPassword) => set({ accountPassword })}
              />
            ) : null}
            <fieldset className="flex flex-col gap-1.5">
              <legend className="mb-1.5 font-medium text-sm">备份频率</legend>
              <div className="grid grid-cols-3 gap-2">
                {FREQUENCIES.map(([value, label]) => (
                  <Button
                    key={value}
                    type="button"
                    size="sm"
                    variant={values.frequency === value ? "primary" : "secondary"}
                    aria-pressed={values.frequency === value}
                    onClick={() => set({ frequency: value })}
                  >
                    {label}
                  </Button>
                ))}
              </div>
            </fieldset>
            <Field
              label="保留份数"
              hint="只留最近几份，更早的「拾念导出」zip 会被删除；文件夹里的其他文件不动"
            >
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={100}
                  className="w-24"
                  value={values.keep}
                  onChange={(e) => set({ keep: Number(e.target.value) })}
                />
              )}
            </Field>
            {notice ? <Alert tone={notice.tone} description={notice.message} /> : null}
            <div className="flex flex-wrap justify-end gap-2">
              {settings ? (
                <Button type="button" variant="ghost" loading={busy === "removing"} onClick={onRemove}>
                  删除设置
                </Button>
              ) : null}
              {settings ? (
                <Button
                  type="button"
                  variant="secondary"
                  loading={busy === "running"}
                  disabled={running || !!stopped}
                  onClick={onRun}
                >
                  立即备份
                </Button>
              ) : null}
              <Button
                type="button"
                variant="secondary"
                loading={busy === "testing"}
                onClick={() => onTest?.(values)}
              >
                测试连接
              </Button>
              <Button type="submit" loading={busy === "saving"}>
                保存
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
