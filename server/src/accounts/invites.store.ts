/** Invite codes (invite_codes): only a code's sha256 is stored; the rules are accounts/invites.ts. */
import type { Queryable } from "../db/pool.ts";

export async function insertInvite(
  db: Queryable,
  invite: { codeHash: Buffer; maxUses: number; expiresInMs: number | null; note: string },
): Promise<{ id: string; expiresAt: Date | null }> {
  const { rows } = await db.query<{ id: string; expires_at: Date | null }>(
    `INSERT INTO invite_codes (code_hash, max_uses, expires_at, note)
     VALUES ($1, $2, now() + make_interval(secs => $3), $4) RETURNING id, expires_at`,
    [
      invite.codeHash,
      invite.maxUses,
      invite.expiresInMs === null ? null : invite.expiresInMs / 1000,
      invite.note,
    ],
  );
  return { id: rows[0]!.id, expiresAt: rows[0]!.expires_at };
}

/** Whether the code has a use left and has not expired (the registration then takes it, or not). */
export async function inviteIsUsable(db: Queryable, codeHash: Buffer): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM invite_codes
     WHERE code_hash = $1 AND uses < max_uses AND (expires_at IS NULL OR expires_at > now())`,
    [codeHash],
  );
  return rowCount === 1;
}

/**
 * Takes one use of the code when it has one left and has not expired. One conditional UPDATE:
 * concurrent registrations queue on the row's lock, and each re-checks `uses` after the one
 * before it, so a code of N uses registers N accounts at most. Inside the registration's
 * transaction, a registration that fails afterwards gives its use back.
 */
export async function takeInviteUse(db: Queryable, codeHash: Buffer): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE invite_codes SET uses = uses + 1
     WHERE code_hash = $1 AND uses < max_uses AND (expires_at IS NULL OR expires_at > now())`,
    [codeHash],
  );
  return rowCount === 1;
}
