import { ZxcvbnFactory, type MatchExtended } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as englishDictionary } from "@zxcvbn-ts/language-en";
import { NewPasswordSchema } from "@/common/schemas/auth";
import { badRequest } from "../../lib/errors";
import { authServerText, passwordStrengthText as text } from "./auth.text";
import { SWEDISH_NAMES, SWEDISH_PASSWORD_WORDS } from "./swedish-passwords";

// The one rule for every new password: a user created by an admin, a changed password, the first
// admin from ADMIN_PASSWORD and `npm run create-admin`. First rules §5 (8 characters, upper and lower
// case, a digit), which the forms check too; then the password must not contain the username; then
// zxcvbn must judge it hard to guess. §5 alone let "Admin1234" and "Sommar2024" through: a word, a
// capital and a year is the first thing an attacker tries. Server side only: the dictionaries are
// megabytes and never ship to browsers; the forms say what is refused.

/** zxcvbn's score from 0 to 4; 3 is "safely unguessable: moderate protection from offline attacks". */
export const MIN_PASSWORD_SCORE = 3;

/** Who the password is for: zxcvbn counts these words as known to an attacker. */
export type PasswordOwner = { username?: string; name?: string; companyName?: string };

let estimator: ZxcvbnFactory | undefined;

/**
 * How much of a password zxcvbn reads. Its matching grows with the square of the length (200
 * characters took seconds of event-loop time, 32 some tens of milliseconds); 32 characters that are
 * hard to guess make a strong password whatever follows, and a weak start is refused.
 */
const ANALYSED_LENGTH = 32;

/** Built on first use (ranking the dictionaries takes some hundred milliseconds), then shared. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary, "words-sv": SWEDISH_PASSWORD_WORDS, "names-sv": SWEDISH_NAMES },
    graphs: adjacencyGraphs,
    maxLength: ANALYSED_LENGTH,
  });
  return estimator;
}

/** Why `password` may not be used, as a Swedish sentence that never repeats it; null when it may. */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | null {
  const rule = NewPasswordSchema.safeParse(password);
  if (!rule.success) return rule.error.issues[0].message;
  const username = owner.username?.toLowerCase();
  if (username && username.length >= 3 && password.toLowerCase().includes(username)) return authServerText.passwordContainsUsername;
  const result = zxcvbn().check(password, personalWords(owner));
  return result.score >= MIN_PASSWORD_SCORE ? null : text.tooEasy(reasons(result.sequence));
}

/** Refuses a password `passwordProblem` finds fault with, with that sentence as a 400. */
export function assertAcceptablePassword(password: string, owner: PasswordOwner = {}) {
  const problem = passwordProblem(password, owner);
  if (problem) throw badRequest(problem);
}

/** The owner's username, name and company name, whole and word by word ("Anna", "Lindqvist"). */
function personalWords(owner: PasswordOwner): string[] {
  const phrases = [owner.username, owner.name, owner.companyName].filter((p): p is string => !!p?.trim());
  const words = phrases.flatMap((p) => p.split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 3);
  return [...new Set([...phrases, ...words].map((w) => w.toLowerCase()))];
}

/** What the password is made of, in the words of passwordStrengthText, in order and once each. */
function reasons(sequence: MatchExtended[]): string[] {
  return [...new Set(sequence.map(reasonFor).filter((r): r is string => r !== null))];
}

function reasonFor(match: MatchExtended): string | null {
  switch (match.pattern) {
    case "dictionary": {
      const what = dictionaryWord(match.dictionaryName as string, match.token);
      if (match.l33t) return text.l33t(what);
      return match.reversed ? text.reversed(what) : what;
    }
    case "regex":
      return match.regexName === "recentYear" ? text.year : null;
    case "date":
      return text.date;
    case "sequence":
      return text.sequence;
    case "repeat":
      return text.repeat;
    case "spatial":
      return text.keyboard;
    case "bruteforce":
      // A year with a character after it ("2024!") is still a year; otherwise only a short tail is
      // worth naming ("Stockholm1"), as a long unmatched part is the strong bit.
      if (/(19|20)\d\d/.test(match.token)) return text.year;
      if (match.token.length > 3) return null;
      return /^\d$/.test(match.token) ? text.digit : /^\d+$/.test(match.token) ? text.digits : text.characters;
    default:
      return null;
  }
}

function dictionaryWord(dictionaryName: string, token: string): string {
  if (dictionaryName === "userInputs") return text.personal;
  if (/^\d+$/.test(token)) return text.digitRun;
  if (dictionaryName.startsWith("passwords")) return text.commonPassword;
  if (/names/.test(dictionaryName)) return text.name;
  return text.word;
}
