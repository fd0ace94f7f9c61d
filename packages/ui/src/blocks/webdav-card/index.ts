export {
  type WebdavBusy,
  WebdavCard,
  type WebdavCardProps,
  type WebdavFormValues,
  type WebdavFrequency,
  type WebdavSettings,
} from "./webdav-card";
export { type WebdavBackupState, WebdavStatus } from "./webdav-status";
