import { ApiError } from "../errors.ts";

/**
 * Passwords that guessers try first. The list is @zxcvbn-ts/language-common's `passwords-common`
 * (MIT; ~49,000 passwords ranked by frequency in public leaks), plus the Chinese favourites that
 * list lacks: the top of the 2011 CSDN leak and the usual 我爱你/520/1314 patterns. Compared in
 * lower case, so `Password1` counts as `password1`.
 */
const CHINESE_FAVOURITES = [
  "dearbook",
  "xiazhili",
  "88888888",
  "66666666",
  "99999999",
  "55555555",
  "33333333",
  "22222222",
  "44444444",
  "77777777",
  "000000000",
  "0000000000",
  "110110110",
  "123321123",
  "123456123",
  "31415926",
  "12344321",
  "123456aa",
  "123456qq",
  "qq5201314",
  "woaini1314",
  "woaini520",
  "woaini123",
  "woaiwojia",
  "wodemima",
  "aini1314",
  "5201314520",
  "52013145",
  "1314520520",
  "5211314521",
  "iloveyou1314",
  "zhang123456",
  "wang123456",
];

let loaded: Promise<Set<string>> | null = null;

/** Loaded on first use (~25 ms, ~6 MB of heap): start-up and the processes that never need it stay lean. */
function commonPasswords(): Promise<Set<string>> {
  loaded ??= import("@zxcvbn-ts/language-common").then((module) => {
    // Node finds the named export in the package's CommonJS build; the server bundle (esbuild)
    // hands that build's exports over as `default` instead.
    const { dictionary } = "dictionary" in module ? module : (module as { default: typeof module }).default;
    return new Set([...dictionary["passwords-common"], ...CHINESE_FAVOURITES]);
  });
  return loaded;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.normalize("NFKC").toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = "这个密码太常见，很容易被猜中，请换一个";

/** A 400 on `field` when `password` is a common one; new passwords only, never at login. */
export async function refuseCommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password))
    throw new ApiError("VALIDATION_ERROR", COMMON_PASSWORD_MESSAGE, {
      issues: [{ path: field, message: COMMON_PASSWORD_MESSAGE }],
    });
}
