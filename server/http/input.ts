import type { FastifyInstance } from "fastify";
import { CONTROL_CHARACTERS, INCOMPLETE_CHARACTERS } from "../../common/messages";
import { hasControlCharacter, hasLoneSurrogate } from "../../common/text";
import { validationFailed } from "./errors";

/** What is wrong with a string the product cannot store, as its field's message; undefined for good text. */
const textProblem = (text: string) =>
  hasControlCharacter(text) ? CONTROL_CHARACTERS : hasLoneSurrogate(text) ? INCOMPLETE_CHARACTERS : undefined;

type Found = { path: string; problem: string };

/** A value met walking an input: its key and the step it sits in, so its path is written only if it is named. */
type Step = { value: unknown; key: string; parent: Step | undefined };

const pathOf = (step: Step): string => {
  const keys: string[] = [];
  for (let at: Step | undefined = step; at; at = at.parent) if (at.key) keys.unshift(at.key);
  return keys.join(".");
};

/**
 * The first string inside `value` (a parsed body, query or params) the product cannot store: its
 * field path and why. Walked with a stack of its own, not by recursion: a 64 KB body can nest
 * arrays ~30,000 deep, past the call stack (a 500 before).
 */
function findBadText(value: unknown, where: string): Found | undefined {
  const pending: Step[] = [{ value, key: where, parent: undefined }];
  for (let step = pending.pop(); step; step = pending.pop()) {
    if (typeof step.value === "string") {
      const problem = textProblem(step.value);
      if (problem) return { path: pathOf(step) || "body", problem };
    } else if (step.value && typeof step.value === "object") {
      const entries = Array.isArray(step.value)
        ? step.value.map((item, index) => [String(index), item] as const)
        : Object.entries(step.value);
      // Pushed last first, so fields are judged in their order and the first bad one is named.
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index] as readonly [string, unknown];
        pending.push({ value: item, key, parent: step });
      }
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
