/**
 * The fields of a form's checked values that differ from the values it opened with. An edit of a row
 * whose PATCH takes any of its fields sends only these, so a field someone else changed meanwhile
 * (another administrator's role change, a client's own new company name) is not put back by a form
 * that showed the old value and was saved for another field.
 */
export function changedFields<T extends Record<string, unknown>>(opened: T, values: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(values) as (keyof T)[])
    if (!Object.is(values[key], opened[key])) changed[key] = values[key];
  return changed;
}

/** Whether the form's checked values change nothing of what it opened with. */
export const isUnchanged = <T extends Record<string, unknown>>(opened: T, values: T): boolean =>
  Object.keys(changedFields(opened, values)).length === 0;
