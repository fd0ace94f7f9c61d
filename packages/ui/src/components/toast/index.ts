export {
  Toast,
  type ToastProps,
  type ToastTone,
  ToastViewport,
  type ToastViewportProps,
  toastVariants,
} from "./toast";
