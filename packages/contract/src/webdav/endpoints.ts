import type { WingEndpoints } from "../endpoint.ts";
import { routes } from "../routes.ts";
import {
  TestWebdavRequestSchema,
  UpdateWebdavRequestSchema,
  WebdavStatusSchema,
  WebdavTestResultSchema,
} from "./schemas.ts";

/** 定时备份到 WebDAV: the settings (password stored encrypted, never answered), a test, a run now. */
export const webdavEndpoints = {
  getWebdav: {
    ...routes.getWebdav,
    tag: "个人资料",
    summary: "WebDAV 定时备份的设置与状态（不含密码）",
    auth: true,
    data: WebdavStatusSchema,
  },
  updateWebdav: {
    ...routes.updateWebdav,
    tag: "个人资料",
    summary:
      "保存 WebDAV 地址、用户名、应用密码、备份频率和保留份数；设置或修改地址、用户名（或重新开启因改密码而暂停的备份）须填写应用密码和登录密码",
    auth: true,
    body: UpdateWebdavRequestSchema,
    data: WebdavStatusSchema,
    errors: [400, 403, 429],
  },
  deleteWebdav: {
    ...routes.deleteWebdav,
    tag: "个人资料",
    summary: "删除 WebDAV 设置（网盘里已有的备份不动）",
    auth: true,
    data: WebdavStatusSchema,
  },
  testWebdav: {
    ...routes.testWebdav,
    tag: "个人资料",
    summary: "测试连接：用填写的（或已保存的）地址和密码访问文件夹",
    auth: true,
    body: TestWebdavRequestSchema,
    data: WebdavTestResultSchema,
    errors: [400, 403, 429],
  },
  runWebdav: {
    ...routes.runWebdav,
    tag: "个人资料",
    summary: "立即备份：马上上传一份导出（不受导出冷却时间限制）",
    auth: true,
    data: WebdavStatusSchema,
    status: 202,
    errors: [403, 404, 409, 429],
  },
} satisfies WingEndpoints<"webdav">;
