// Plain values the app needs at run time, importable without zod (`@shinian/contract/constants`):
// importing them from the package root would bundle every schema into the page.

/** The phrase a user types to confirm deleting the account. */
export const DELETE_ACCOUNT_PHRASE = "永久删除我的账号";
