export { Alert, type AlertProps, type AlertTone, alertVariants } from "./alert";
