/**
 * Passwords that meet the letters-numbers-symbols rule but are still among
 * the first an attacker tries: a common word dressed up ("P@ssw0rd1!",
 * "Welcome@123") or the person's own e-mail or name. Checked on the server
 * without any network: the list ships with the code.
 */
export const COMMON_PASSWORD_MESSAGE = "This password is too common. Choose one that is harder to guess.";
export const PERSONAL_PASSWORD_MESSAGE = "Don't build your password from your e-mail address or name.";

/** The words behind the most used passwords, as they read with digits and symbols taken out. */
const COMMON_WORDS = new Set([
  "password",
  "passwd",
  "pass",
  "passw",
  "pwd",
  "welcome",
  "qwerty",
  "qwertyuiop",
  "qwe",
  "asdf",
  "asdfgh",
  "asdfghjkl",
  "zxcvbn",
  "zxcv",
  "qazwsx",
  "abc",
  "abcd",
  "abcde",
  "abcdef",
  "admin",
  "administrator",
  "root",
  "user",
  "login",
  "letmein",
  "changeme",
  "secret",
  "test",
  "tester",
  "testing",
  "guest",
  "master",
  "hello",
  "iloveyou",
  "love",
  "lover",
  "monkey",
  "dragon",
  "football",
  "baseball",
  "soccer",
  "sunshine",
  "princess",
  "shadow",
  "superman",
  "batman",
  "trustno",
  "freedom",
  "whatever",
  "starwars",
  "computer",
  "internet",
  "summer",
  "winter",
  "spring",
  "autumn",
  "jesus",
  "god",
  "blessed",
  "lagos",
  "nigeria",
  "naija",
  "abuja",
  "default",
  "system",
  "access",
  "company",
  "office",
  "portal",
  "client",
  "studio",
  "lagosstudio",
]);

/** Leetspeak read back as letters, so "P@55w0rd" is "password". */
const LEET: Record<string, string> = {
  "@": "a",
  "4": "a",
  "3": "e",
  "1": "i",
  "!": "i",
  "0": "o",
  $: "s",
  "5": "s",
  "7": "t",
};

/** The letters a password is built from: digits and symbols around it dropped, those inside it read as letters. */
function letterCore(text: string): string {
  const inner = text.toLowerCase().replace(/^[^a-z]+|[^a-z]+$/g, "");
  const decoded = [...inner].map((char) => LEET[char] ?? char).join("");
  return decoded.replace(/[^a-z]/g, "");
}

export function isCommonPassword(password: string): boolean {
  const plain = password.toLowerCase().replace(/[^a-z]/g, "");
  const core = letterCore(password);
  return COMMON_WORDS.has(plain) || COMMON_WORDS.has(core) || core.length < 3;
}

/** True when the password is made from the e-mail's name part or a part of the person's name (3+ letters). */
export function isPersonalPassword(password: string, person: { email?: string; name?: string }): boolean {
  const plain = password.toLowerCase().replace(/[^a-z]/g, "");
  const core = letterCore(password);
  const parts = [
    ...(person.email ? [person.email.split("@")[0] ?? ""] : []),
    ...(person.email ? (person.email.split("@")[0]?.split(/[^a-z]+/i) ?? []) : []),
    ...(person.name ? person.name.split(/\s+/) : []),
  ]
    .map((part) => part.toLowerCase().replace(/[^a-z]/g, ""))
    .filter((part) => part.length >= 3);
  return parts.some((part) => plain.includes(part) || core.includes(part));
}
