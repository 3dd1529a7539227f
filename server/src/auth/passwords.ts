import { hash, verify } from "@node-rs/argon2";
import { randomInt } from "node:crypto";

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the email is unknown, so both paths take the same time. */
let dummy: Promise<string> | null = null;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword("not-a-real-password-" + Math.random());
  return dummy;
}

/**
 * A one-time password for a printed slip: 12 characters from an alphabet without look-alikes (no 0/O,
 * 1/l/I), in three groups of four ("k7mq-2vxa-p9dh"): about 59 bits, typed from paper on a phone.
 */
const SLIP_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export function generateOneTimePassword(): string {
  let s = "";
  for (let i = 0; i < 12; i++) {
    if (i > 0 && i % 4 === 0) s += "-";
    s += SLIP_ALPHABET[randomInt(SLIP_ALPHABET.length)];
  }
  return s;
}

// A one-time password is random (59 bits), not chosen by a person, and is replaced at the first sign-in,
// so guessing it offline is hopeless even at a lighter cost: argon2id at 8 MiB and one pass hashes a
// class of 1,000 in about a second on two cores instead of fifteen (decision 025).
const ONE_TIME_OPTIONS = { memoryCost: 8192, timeCost: 1, parallelism: 1 };

export function hashOneTimePassword(password: string): Promise<string> {
  return hash(password, ONE_TIME_OPTIONS);
}
