import type { FastifyInstance } from "fastify";
import { CONTROL_CHARACTERS } from "../../common/messages";
import { hasControlCharacter } from "../../common/text";
import { validationFailed } from "./errors";

/** The first string inside `value` (a parsed body, query or params) holding a control character, as a field path. */
function findControlCharacter(value: unknown, path: string): string | undefined {
  if (typeof value === "string") return hasControlCharacter(value) ? path || "body" : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacter(item, path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = findControlCharacter(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Every route's input, before its own validation: text with NUL or another
 * control character is refused with a 400 naming the field, instead of
 * reaching the database (which cannot store NUL) and failing there.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const found =
      findControlCharacter(request.params, "params") ??
      findControlCharacter(request.query, "query") ??
      findControlCharacter(request.body, "");
    if (found) {
      const field = found.replace(/^(params|query)\.?/, (_match, where: string) => `${where}.`).replace(/\.$/, "");
      throw validationFailed({ [field]: CONTROL_CHARACTERS });
    }
  });
}
