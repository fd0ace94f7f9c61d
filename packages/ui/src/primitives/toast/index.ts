export { Toast, type ToastProps, type ToastTone, toastVariants } from "./toast";
export { ToastViewport, type ToastViewportProps } from "./toast-viewport";
