import { describe, expect, it } from "vitest";
import type { Task } from "../../common/api";
import { applyTaskChange, type ShownTask, type TaskList } from "../../src/features/tasks/api";

/** The cache merge of My Tasks: pushed rows keep the list's order, a saving task keeps the person's status. */
const task = (id: string, at: string, status: Task["status"] = "todo"): Task => ({
  id,
  title: `Task ${id}`,
  description: "",
  status,
  priority: "medium",
  dueDate: null,
  createdAt: at,
  updatedAt: at,
  assignedTo: "dev",
  assigneeName: "Dev",
  assigneeDeactivated: false,
  assigneeRole: "developer",
  projectId: null,
  projectTitle: null,
  assigneeOnProject: false,
});
const list = (next: string | null, ...items: ShownTask[]): TaskList => ({ items, next });
const ids = (value: TaskList | undefined) => value?.items.map((item) => item.id);
const change = (op: "insert" | "update" | "delete", row: { id: string }) =>
  ({ type: "change", key: ["tasks", "mine"], op, row }) as const;

const a = task("a", "2030-01-03T00:00:00.000Z");
const b = task("b", "2030-01-02T00:00:00.000Z");
const c = task("c", "2030-01-01T00:00:00.000Z");

describe("applyTaskChange", () => {
  it("replaces a shown task by id and drops a deleted one", () => {
    const moved = { ...b, status: "review" as const };
    expect(applyTaskChange(list(null, a, b), change("update", moved))?.items[1]).toEqual(moved);
    expect(ids(applyTaskChange(list(null, a, b), change("delete", { id: "a" })))).toEqual(["b"]);
  });

  it("puts a new task in its place, newest first", () => {
    expect(ids(applyTaskChange(list(null, a, c), change("insert", b)))).toEqual(["a", "b", "c"]);
    const newest = task("z", "2030-02-01T00:00:00.000Z");
    expect(ids(applyTaskChange(list("cursor", a, b), change("update", newest)))).toEqual(["z", "a", "b"]);
  });

  it("leaves a task that belongs to a page not loaded yet to Load more", () => {
    const before = list("cursor", a, b);
    expect(applyTaskChange(before, change("update", c))).toBe(before);
  });

  it("keeps the person's status on a task still saving, taking the rest of the pushed row", () => {
    const saving: ShownTask = { ...a, status: "completed", pending: true };
    const pushed = { ...a, status: "todo" as const, title: "Renamed" };
    const [after] = applyTaskChange(list(null, saving), change("update", pushed))?.items ?? [];
    expect(after).toMatchObject({ status: "completed", pending: true, title: "Renamed" });
  });
});
