export {
  drawShareCard,
  SHARE_CARD_WIDTH,
  type ShareCardContent,
  type ShareCardTheme,
  shareCardBlob,
  wrapLines,
} from "./draw-share-card";
export { ShareCard, type ShareCardProps } from "./share-card";
