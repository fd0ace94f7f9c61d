import { expect, test } from "vitest";
import { commands, page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { call } from "../src/api/client.ts";
import { ResetPasswordScreen } from "../src/features/auth/reset-password-screen.tsx";
import { signUp } from "./support/session.ts";
import "../src/styles.css";

// 重置密码 by the operator's link, against the real server.

test("after a reset by link the screen says what the server says: the WebDAV backup was paused", async () => {
  const { account } = await signUp();
  await call("updateWebdav", {
    body: {
      url: "http://127.0.0.1:9/dav/拾念备份/",
      username: "xiaotao",
      password: "app-pass-1",
      frequency: "daily",
      accountPassword: "shinian-components-2026",
    },
  });
  const token = await commands.resetLinkToken(account);
  await render(<ResetPasswordScreen token={token} />);
  await page.getByLabelText("新密码", { exact: true }).fill("components-reset-pass-9");
  await page.getByLabelText("确认新密码").fill("components-reset-pass-9");
  await page.getByRole("button", { name: "设置新密码" }).click();
  await expect
    .element(
      page.getByText("密码已重置，请用新密码登录；WebDAV 定时备份已暂停，请到个人资料确认备份地址后重新开启"),
    )
    .toBeVisible();
});
