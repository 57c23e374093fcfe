import { z } from "zod";
import { timestamp } from "./api";

/** A project file as the Files panel lists it (issue #8, item 6). */
export const projectFileSchema = z
  .object({
    id: z.uuid(),
    projectId: z.uuid(),
    name: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    uploaderId: z.string().nullable(),
    uploaderName: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "ProjectFile" });
export type ProjectFile = z.input<typeof projectFileSchema>;
