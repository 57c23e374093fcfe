import type { SearchSchemaInput } from "@tanstack/react-router";
import type { z } from "zod";

/**
 * A route's validateSearch for an admin table: the URL's page, sort and search
 * through the API's own query schema (common/admin.ts). A value the schema
 * refuses (a hand-edited page=0, an unknown sort) falls back to its default
 * rather than failing the page, and unknown parameters are dropped.
 */
export function tableSearch<T extends z.ZodObject>(schema: T) {
  const keys = Object.keys(schema.shape);
  return (raw: { [K in keyof z.input<T>]?: unknown } & SearchSchemaInput): z.output<T> => {
    const kept: Record<string, unknown> = {};
    for (const key of keys) {
      // The router reads q=123 as a number; the schema's strings and coerced numbers both take text.
      const given = (raw as Record<string, unknown>)[key];
      const value = typeof given === "number" ? String(given) : given;
      if (value === undefined) continue;
      const single = schema.pick({ [key]: true } as never).safeParse({ [key]: value });
      if (single.success) kept[key] = value;
    }
    return schema.parse(kept);
  };
}
