import type { Profile } from "@shinian/contract";
import { REVIEW_COUNT_MAX, REVIEW_COUNT_MIN } from "@shinian/contract/constants";
import {
  DIGEST_FREQUENCIES,
  DIGEST_FREQUENCY_LABELS,
  type DigestFrequency,
} from "@shinian/contract/insight-digests";
import {
  Alert,
  Avatar,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Checkbox,
  Field,
  Input,
  PageLoading,
  Select,
  Textarea,
  UsageCard,
  WebLayout,
} from "@shinian/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { useAuth } from "../../auth/auth-context.tsx";
import { accountKeys, profileQuery, updateProfile, uploadAvatar, usageQuery } from "../../data/account.ts";
import { daysUsed } from "../../lib/days-used.ts";
import { chooseTheme, type ThemeChoice, themeChoice } from "../../lib/theme.ts";
import { ExportPanel } from "../export/export-panel.tsx";
import { ImportPanel } from "../import/import-panel.tsx";
import { AppShell } from "../layout/app-shell.tsx";
import { ChatBindingPanel } from "../messaging/chat-binding-panel.tsx";
import { StatsSection } from "../stats/stats-section.tsx";
import { WebdavPanel } from "../webdav/webdav-panel.tsx";
import { LogoutButton } from "./logout-button.tsx";
import { PushPanel } from "./push-panel.tsx";
import { settingsChanges } from "./settings-changes.ts";

/** /profile: avatar, nickname, identity, 记录统计, counts, links, export and logout. */
export function ProfileScreen() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const { data: profile, error: loadError } = useQuery(profileQuery);
  const error = loadError ? errorMessage(loadError, "加载失败") : null;

  return (
    <AppShell backHome>
      <WebLayout className="py-4 md:py-8">
        <h1 className="mb-6 font-bold text-2xl">个人资料</h1>
        {error ? <Alert tone="error" description={error} /> : null}
        {!profile && !error ? <PageLoading /> : null}
        {profile ? (
          <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
            <div className="flex min-w-0 flex-col gap-6">
              <ProfileForm
                profile={profile}
                onSaved={(next) => {
                  queryClient.setQueryData(accountKeys.profile, next);
                  void queryClient.invalidateQueries({ queryKey: accountKeys.usage, exact: true });
                  auth.updateUser(next);
                }}
              />
              <StatsSection />
            </div>
            <div className="flex flex-col gap-6">
              <Card>
                <CardHeader>
                  <CardTitle>我的数据</CardTitle>
                </CardHeader>
                <CardContent>
                  <dl className="grid grid-cols-3 gap-2 text-center">
                    {(
                      [
                        ["想法", profile.counts.ideas],
                        ["笔记", profile.counts.notes],
                        ["AI点数", profile.counts.points],
                      ] as const
                    ).map(([label, value]) => (
                      <div key={label}>
                        <dd className="font-bold text-2xl tabular-nums">{value}</dd>
                        <dt className="text-muted-foreground text-xs">{label}</dt>
                      </div>
                    ))}
                  </dl>
                  <p data-slot="profile-habit" className="mt-3 text-center text-muted-foreground text-sm">
                    已使用{" "}
                    <span className="font-semibold text-foreground tabular-nums">
                      {daysUsed(profile.createdAt)}
                    </span>{" "}
                    天 · 本月记录{" "}
                    <span className="font-semibold text-foreground tabular-nums">
                      {profile.counts.thisMonth}
                    </span>{" "}
                    条
                  </p>
                </CardContent>
              </Card>
              <StorageUsage />
              <Card>
                <CardContent className="flex flex-col gap-1">
                  <Button asChild variant="ghost" className="justify-start max-lg:h-11">
                    <Link to="/ai-points">AI点数</Link>
                  </Button>
                  <Button asChild variant="ghost" className="justify-start max-lg:h-11">
                    <Link to="/privacy-security">隐私与安全</Link>
                  </Button>
                  <Button asChild variant="ghost" className="justify-start max-lg:h-11">
                    <Link to="/insights">洞察</Link>
                  </Button>
                  <Button asChild variant="ghost" className="justify-start max-lg:h-11">
                    <Link to="/trash">回收站</Link>
                  </Button>
                  <Button asChild variant="ghost" className="justify-start max-lg:h-11">
                    <Link to="/help">用户指南</Link>
                  </Button>
                </CardContent>
              </Card>
              <AppearanceCard />
              <ExportPanel />
              <WebdavPanel />
              <PushPanel />
              <ChatBindingPanel />
              <ImportSection />
              <LogoutButton />
            </div>
          </div>
        ) : null}
      </WebLayout>
    </AppShell>
  );
}

function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile) => void }) {
  const [nickname, setNickname] = React.useState(profile.nickname);
  const [identity, setIdentity] = React.useState(profile.identityDescription ?? "");
  const [autoTidy, setAutoTidy] = React.useState(profile.settings.autoTidy);
  const [reviewCount, setReviewCount] = React.useState(String(profile.settings.reviewCount));
  const [digest, setDigest] = React.useState(profile.settings.digest);
  const [message, setMessage] = React.useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [saving, setSaving] = React.useState(false);
  const fileInput = React.useRef<HTMLInputElement>(null);

  const save = async () => {
    setSaving(true);
    setMessage(null);
    try {
      onSaved(
        await updateProfile({
          nickname,
          identityDescription: identity.trim() || null,
          settings: settingsChanges(profile.settings, { autoTidy, reviewCount: Number(reviewCount), digest }),
        }),
      );
      setMessage({ tone: "success", text: "个人资料已更新" });
    } catch (e) {
      setMessage({ tone: "error", text: errorMessage(e, "保存失败") });
    } finally {
      setSaving(false);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setMessage(null);
    try {
      onSaved(await uploadAvatar(file));
      setMessage({ tone: "success", text: "头像已更新" });
    } catch (e) {
      setMessage({ tone: "error", text: errorMessage(e, "上传失败") });
    } finally {
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  return (
    <Card>
      <CardContent className="flex flex-col gap-5">
        <div className="flex items-center gap-4">
          <Avatar
            size="xl"
            src={profile.avatar}
            nickname={profile.nickname}
            label="更换头像"
            onClick={() => fileInput.current?.click()}
          />
          <div className="flex min-w-0 flex-col gap-1">
            <span className="break-all font-semibold text-lg">{profile.nickname}</span>
            <span className="break-all text-muted-foreground text-sm">{profile.account}</span>
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              onClick={() => fileInput.current?.click()}
            >
              更换头像
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              aria-label="选择头像图片"
              hidden
              onChange={(e) => void upload(e.target.files?.[0])}
            />
          </div>
        </div>
        <Field label="昵称" hint="1–20 个字符">
          {(control) => (
            <Input
              {...control}
              maxLength={20}
              value={nickname}
              onChange={(e) => setNickname(e.target.value)}
            />
          )}
        </Field>
        <Field label="自我介绍" hint="AI 助手回答时会参考，最多 500 个字符">
          {(control) => (
            <Textarea
              {...control}
              maxLength={500}
              value={identity}
              onChange={(e) => setIdentity(e.target.value)}
              onSubmitShortcut={() => void save()}
            />
          )}
        </Field>
        <Checkbox id="auto-tidy" checked={autoTidy} onChange={(e) => setAutoTidy(e.target.checked)}>
          自动整理：新想法保存后由 AI 起标题、理顺文字、打标签（消耗 AI 点数，原文保留）
        </Checkbox>
        <Field
          label="每日回顾的条数"
          hint={`每天回顾 ${REVIEW_COUNT_MIN}–${REVIEW_COUNT_MAX} 条，修改后从明天起生效`}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={REVIEW_COUNT_MIN}
              max={REVIEW_COUNT_MAX}
              className="w-24"
              value={reviewCount}
              onChange={(e) => setReviewCount(e.target.value)}
            />
          )}
        </Field>
        <Field
          label="周报/月报"
          hint="北京时间，由 AI 按「总结」视角把这一周或上个月的记录写成一份洞察，按洞察消耗 AI 点数；开启后先生成最近一期。记录少于 3 条或点数不足时跳过，不扣点数"
        >
          {(control) => (
            <Select
              {...control}
              className="max-w-64"
              options={DIGEST_FREQUENCIES.map((value) => ({ value, label: DIGEST_FREQUENCY_LABELS[value] }))}
              value={digest}
              onChange={(e) => setDigest(e.target.value as DigestFrequency)}
            />
          )}
        </Field>
        {message ? <Alert tone={message.tone} description={message.text} /> : null}
        <div className="flex justify-end">
          <Button onClick={() => void save()} loading={saving}>
            保存
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** 导入数据, where the guide and the empty 首页 link to (#import): brought into view once it is drawn. */
function ImportSection() {
  const ref = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    if (window.location.hash === "#import") ref.current?.scrollIntoView({ block: "start" });
  }, []);
  return (
    <div id="import" ref={ref} className="scroll-mt-20">
      <ImportPanel />
    </div>
  );
}

/** 存储空间: the quota card, once its numbers are in (a failed read shows nothing rather than zeros). */
function StorageUsage() {
  const { data: usage } = useQuery(usageQuery);
  return usage ? <UsageCard {...usage} /> : null;
}

const THEMES: [ThemeChoice, string][] = [
  ["system", "跟随系统"],
  ["light", "浅色"],
  ["dark", "深色"],
];

/** 外观: kept on this device, not in the account (a phone and a desktop may want different ones). */
function AppearanceCard() {
  const [choice, setChoice] = React.useState(themeChoice);
  return (
    <Card>
      <CardHeader>
        <CardTitle>外观</CardTitle>
      </CardHeader>
      <CardContent>
        <fieldset aria-label="外观" className="grid grid-cols-3 gap-2">
          {THEMES.map(([value, label]) => (
            <Button
              key={value}
              size="sm"
              variant={choice === value ? "primary" : "secondary"}
              aria-pressed={choice === value}
              onClick={() => {
                chooseTheme(value);
                setChoice(value);
              }}
            >
              {label}
            </Button>
          ))}
        </fieldset>
      </CardContent>
    </Card>
  );
}
