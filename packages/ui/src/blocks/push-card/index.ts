export { type PushBusy, PushCard, type PushCardProps, type PushSettingsValues } from "./push-card";
export {
  PUSH_KIND_LABELS,
  PushChannelForm,
  type PushChannelFormProps,
  type PushChannelFormValues,
  type PushChannelKind,
} from "./push-channel-form";
export { PushChannelItem, type PushChannelItemProps, type PushChannelView } from "./push-channel-item";
