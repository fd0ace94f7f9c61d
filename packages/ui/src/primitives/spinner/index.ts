export { Spinner, type SpinnerProps, type SpinnerSize, spinnerVariants } from "./spinner";
