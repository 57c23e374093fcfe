import { z } from "zod";
import {
  MILESTONE_STATUSES,
  PAYMENT_STATUSES,
  PROJECT_STATUSES,
  ROLES,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from "./domain";

/**
 * Response shapes of the API, shared by the server (serialisation, OpenAPI)
 * and the SPA (types). The server works with Dates; JSON carries ISO strings,
 * so the SPA's types are each schema's input side (`Json<typeof schema>`).
 */
export const timestamp = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (value) => new Date(value),
  encode: (value) => value.toISOString(),
});
const day = z.iso.date().nullable();

export type Json<T extends z.ZodType> = z.input<T>;

export const profileSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    companyName: z.string().nullable(),
    role: z.enum(ROLES),
    emailVerified: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Profile" });
export type Profile = Json<typeof profileSchema>;

export const projectSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    status: z.enum(PROJECT_STATUSES),
    progress: z.number().int().min(0).max(100),
    startDate: day,
    endDate: day,
    createdAt: timestamp,
    clientId: z.string(),
    clientName: z.string(),
    clientCompany: z.string().nullable(),
  })
  .meta({ id: "Project" });
export type Project = Json<typeof projectSchema>;

export const messageSchema = z
  .object({
    id: z.uuid(),
    projectId: z.uuid(),
    userId: z.string(),
    message: z.string(),
    createdAt: timestamp,
    authorName: z.string(),
    authorRole: z.enum(ROLES),
  })
  .meta({ id: "ProjectMessage" });
export type ProjectMessage = Json<typeof messageSchema>;

export const taskSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    status: z.enum(TASK_STATUSES),
    priority: z.enum(TASK_PRIORITIES),
    dueDate: day,
    createdAt: timestamp,
    updatedAt: timestamp,
    assignedTo: z.string().nullable(),
    assigneeName: z.string().nullable(),
    projectId: z.uuid().nullable(),
    projectTitle: z.string().nullable(),
    createdBy: z.string(),
    creatorName: z.string(),
  })
  .meta({ id: "Task" });
export type Task = Json<typeof taskSchema>;

/** A page of a list read by cursor: pass `next` back as `cursor` for the page after; null when none is left. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), next: z.string().nullable() });
export type Page<T> = { items: T[]; next: string | null };

export const outboxMailSchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    link: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "OutboxMail" });
export type OutboxMail = Json<typeof outboxMailSchema>;

export const milestoneSchema = z
  .object({
    id: z.uuid(),
    projectId: z.uuid(),
    title: z.string(),
    description: z.string(),
    /** Integer kobo: format with common/format.ts formatMoney. */
    amountMinor: z.number().int(),
    dueDate: day,
    status: z.enum(MILESTONE_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    paidDate: timestamp.nullable(),
    createdBy: z.string(),
    creatorName: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Milestone" });
export type Milestone = Json<typeof milestoneSchema>;
