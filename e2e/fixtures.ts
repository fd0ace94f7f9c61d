import { test as base } from "@playwright/test";
import { apiUser, signIn } from "./helpers.ts";

type Session = Awaited<ReturnType<typeof apiUser>>;

/**
 * `signedIn`: a new guided user, registered through the API, whose session the browser already
 * holds when the test's first page opens. Tests take it instead of repeating that preamble.
 */
export const test = base.extend<{ signedIn: Session }>({
  signedIn: async ({ context, request }, use) => {
    const user = await apiUser(request);
    await signIn(context, user);
    await use(user);
  },
});

export { expect } from "@playwright/test";
