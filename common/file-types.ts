/**
 * Project files (issue #8): what may be uploaded, named for people and for the
 * file picker's `accept`. The server decides on the content, never the name
 * (server/data/file-content.ts); this list only guides the picker. No zod here:
 * the SPA's project page imports it.
 */
export const FILE_ACCEPT = ".pdf,.png,.jpg,.jpeg,.gif,.webp,.docx,.xlsx,.pptx,.txt,.csv";
export const FILE_KINDS_TEXT = "PDF, PNG, JPEG, GIF, WebP, Word, Excel, PowerPoint, text or CSV";
/** The request header carrying the file's name (URL-encoded UTF-8) beside its raw bytes. */
export const FILE_NAME_HEADER = "x-file-name";
export const FILE_NAME_MAX_LENGTH = 255;
export const DEFAULT_FILE_MAX_BYTES = 25 * 1024 * 1024;
