import { dictionary } from "@zxcvbn-ts/language-common";
import { badRequest } from "../../lib/errors";
import { authServerText } from "./auth.text";

// Beyond SPEC §5's rule (8 characters, upper and lower case, a digit), a new password must not be one
// of the ~49 000 most common passwords of leaked lists, as zxcvbn-ts maintains them: "Password1"
// passes the rule and is among the first an attacker tries. Server side only, so the list never
// ships to browsers; compared without case, as attackers try every casing.

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** Refuses a common password, or one that is the username itself, with a Swedish 400. */
export function assertStrongPassword(password: string, username?: string) {
  if (isCommonPassword(password)) throw badRequest(authServerText.commonPassword);
  if (username && password.toLowerCase().includes(username.toLowerCase()) && username.length >= 3) throw badRequest(authServerText.passwordContainsUsername);
}
