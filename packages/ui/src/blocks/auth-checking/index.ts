export { AuthChecking, type AuthCheckingProps } from "./auth-checking";
