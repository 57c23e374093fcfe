import { FILE_NAME_MAX_LENGTH } from "../../common/file-types";

/**
 * What a project file is, from its bytes (issue #8): the upload's first chunk
 * is matched against the allowlist's signatures; the name never decides. Text
 * is text by the absence of binary bytes, checked on every chunk.
 */

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** Office Open XML parts by the folder their document part lives in. */
const OFFICE_KINDS = [
  {
    folder: "word/",
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extensions: [".docx"],
  },
  { folder: "xl/", type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extensions: [".xlsx"] },
  {
    folder: "ppt/",
    type: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    extensions: [".pptx"],
  },
] as const;

/** A ZIP is an Office document when its first entries name [Content_Types].xml and one of the document folders. */
function officeKind(first: Uint8Array): (typeof OFFICE_KINDS)[number] | undefined {
  const head = Buffer.from(first.buffer, first.byteOffset, first.byteLength).toString("latin1");
  if (!head.includes("[Content_Types].xml") && !head.includes("_rels/.rels")) return undefined;
  let best: { index: number; kind: (typeof OFFICE_KINDS)[number] } | undefined;
  for (const kind of OFFICE_KINDS) {
    const index = head.indexOf(kind.folder);
    if (index >= 0 && (!best || index < best.index)) best = { index, kind };
  }
  return best?.kind;
}

/** Bytes no text file holds: NUL and the C0 controls other than tab, newline, form feed and carriage return. */
export function isBinary(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b) return true;
    if (byte === 0x7f) return true;
  }
  return false;
}

/**
 * What an upload holds: its stored type, whether it is text (judged on every chunk), and the
 * endings a file of that type is named with, the first the one it is given when its name has none
 * of them (fileNameFor).
 */
export type Detected = { type: string; text: boolean; extensions: readonly string[] };

/** Text a person opens in an editor; a text file named anything else (run.bat, page.hta) becomes .txt. */
const TEXT_EXTENSIONS = [".txt", ".md", ".log"];

/** The stored type of a file whose content starts with `first`, or undefined when it is not allowed. */
export function detectType(first: Uint8Array, name: string): Detected | undefined {
  if (startsWith(first, ascii("%PDF-"))) return { type: "application/pdf", text: false, extensions: [".pdf"] };
  if (startsWith(first, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { type: "image/png", text: false, extensions: [".png"] };
  if (startsWith(first, [0xff, 0xd8, 0xff])) return { type: "image/jpeg", text: false, extensions: [".jpg", ".jpeg"] };
  if (startsWith(first, ascii("GIF87a")) || startsWith(first, ascii("GIF89a")))
    return { type: "image/gif", text: false, extensions: [".gif"] };
  if (startsWith(first, ascii("RIFF")) && startsWith(first, ascii("WEBP"), 8))
    return { type: "image/webp", text: false, extensions: [".webp"] };
  if (startsWith(first, ZIP)) {
    const kind = officeKind(first);
    return kind ? { type: kind.type, text: false, extensions: kind.extensions } : undefined;
  }
  if (first.length > 0 && !isBinary(first)) {
    return /\.csv$/i.test(name)
      ? { type: "text/csv; charset=utf-8", text: true, extensions: [".csv"] }
      : { type: "text/plain; charset=utf-8", text: true, extensions: TEXT_EXTENSIONS };
  }
  return undefined;
}

/**
 * The name a file is stored and downloaded under: the uploader's, ending as its content is. The
 * content decides the type, but the name decides what a downloader's computer does on a
 * double-click, so text named "invoice.bat" would run as a program and a PDF named "x.exe" would
 * not open: such a name gets its type's ending added ("invoice.bat.txt", "x.exe.pdf"). A name already
 * as long as a name may be loses the end of what comes before the ending instead: a 500 after the
 * whole upload had streamed, when the stored name broke the column's length check.
 */
export function fileNameFor(name: string, detected: Detected): string {
  const lower = name.toLowerCase();
  if (detected.extensions.some((extension) => lower.endsWith(extension))) return name;
  const ending = detected.extensions[0] ?? "";
  let stem = name.slice(0, FILE_NAME_MAX_LENGTH - ending.length);
  // Not half a character: a cut between a surrogate pair's halves leaves one the database cannot hold.
  if (/[\uD800-\uDBFF]$/.test(stem)) stem = stem.slice(0, -1);
  return `${stem}${ending}`;
}
