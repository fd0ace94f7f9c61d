export { PasswordField, type PasswordFieldProps } from "./password-field";
