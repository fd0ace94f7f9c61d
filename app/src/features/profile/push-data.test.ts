import { CreatePushChannelRequestSchema, UpdatePushChannelRequestSchema } from "@shinian/contract";
import type { PushChannelFormValues } from "@shinian/ui";
import { describe, expect, it } from "vitest";
import { createRequest, updateRequest } from "./push-data.ts";

const form = (patch: Partial<PushChannelFormValues>): PushChannelFormValues => ({
  kind: "wecom",
  name: "",
  url: "",
  secret: "",
  deviceKey: "",
  sendKey: "",
  ...patch,
});

describe("push channel requests", () => {
  it("asks each kind only for its own fields, which the contract then takes", () => {
    const bark = createRequest(form({ kind: "bark", deviceKey: " abc ", secret: "stray" }));
    expect(bark).toEqual({ kind: "bark", name: undefined, url: undefined, deviceKey: "abc" });
    // an empty Bark server is the official one
    expect(CreatePushChannelRequestSchema.parse(bark)).toMatchObject({ url: "https://api.day.app" });
    const feishu = createRequest(
      form({
        kind: "feishu",
        name: "读书会",
        url: "https://open.feishu.cn/open-apis/bot/v2/hook/x",
        sendKey: "x",
      }),
    );
    expect(feishu).toEqual({
      kind: "feishu",
      name: "读书会",
      url: "https://open.feishu.cn/open-apis/bot/v2/hook/x",
      secret: undefined,
    });
    expect(CreatePushChannelRequestSchema.safeParse(feishu).success).toBe(true);
    expect(
      CreatePushChannelRequestSchema.safeParse(createRequest(form({ kind: "serverchan", sendKey: "SCTk" })))
        .success,
    ).toBe(true);
  });

  it("an edit sends only the secrets typed again: an empty field keeps the saved one", () => {
    const body = updateRequest(form({ kind: "bark", name: " 旧手机 ", deviceKey: "" }));
    expect(body).toEqual({ name: "旧手机" });
    expect(UpdatePushChannelRequestSchema.safeParse(body).success).toBe(true);
    expect(updateRequest(form({ kind: "dingtalk", name: "群", secret: "SECnew" }))).toEqual({
      name: "群",
      secret: "SECnew",
    });
  });
});
