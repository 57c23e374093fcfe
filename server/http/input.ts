import type { FastifyInstance } from "fastify";
import { CONTROL_CHARACTERS, INCOMPLETE_CHARACTERS } from "../../common/messages";
import { hasControlCharacter, hasLoneSurrogate } from "../../common/text";
import { validationFailed } from "./errors";

/** What is wrong with a string the product cannot store, as its field's message; undefined for good text. */
const textProblem = (text: string) =>
  hasControlCharacter(text) ? CONTROL_CHARACTERS : hasLoneSurrogate(text) ? INCOMPLETE_CHARACTERS : undefined;

type Found = { path: string; problem: string };

/** The first string inside `value` (a parsed body, query or params) the product cannot store: its field path and why. */
function findBadText(value: unknown, path: string): Found | undefined {
  if (typeof value === "string") {
    const problem = textProblem(value);
    return problem ? { path: path || "body", problem } : undefined;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findBadText(item, path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = findBadText(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Every route's input, before its own validation: text with NUL or another
 * control character, or half of a character (a lone surrogate), is refused
 * with a 400 naming the field, instead of reaching the database (which stores
 * neither: NUL in no text, a lone surrogate in no jsonb) and failing there.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const found =
      findBadText(request.params, "params") ?? findBadText(request.query, "query") ?? findBadText(request.body, "");
    if (found) {
      const field = found.path.replace(/^(params|query)\.?/, (_match, where: string) => `${where}.`).replace(/\.$/, "");
      throw validationFailed({ [field]: found.problem });
    }
  });
}
