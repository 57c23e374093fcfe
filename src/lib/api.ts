/**
 * The SPA's one way to call the server: JSON in, JSON out, cookies included,
 * and every failure turned into an ApiError carrying the server's message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export async function apiFetch<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers:
        body === undefined
          ? { accept: "application/json" }
          : { "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "network", "Cannot reach the server. Check your connection and try again.");
  }
  if (!response.ok) throw await errorOf(response);
  const text = await response.text();
  return (text ? safeJson(text) : undefined) as T;
}

/** The ApiError a failed response stands for, with the server's message when it sent one. */
async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  const data = text ? safeJson(text) : undefined;
  const error = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } })?.error;
  return new ApiError(
    response.status,
    error?.code ?? "http_error",
    error?.message ?? `Request failed (${response.status})`,
    error?.fields,
  );
}

/** A file from the server (an invoice PDF) and the name its Content-Disposition gives it. */
export async function apiDownload(path: string): Promise<{ blob: Blob; filename: string | undefined }> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "network", "Cannot reach the server. Check your connection and try again.");
  }
  if (!response.ok) throw await errorOf(response);
  return { blob: await response.blob(), filename: filenameOf(response.headers.get("content-disposition")) };
}

/** RFC 6266: the UTF-8 `filename*` when present, else the plain `filename`. */
export function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1];
}

/**
 * Uploads a file's raw bytes (project files, issue #8), reporting progress:
 * XMLHttpRequest, as fetch has no upload progress. Same conventions as
 * apiFetch: same-origin cookies, JSON answers, failures as ApiError with the
 * server's message. The file's name travels URL-encoded in `X-File-Name`.
 */
export function apiUpload<T>(path: string, file: File, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", path);
    request.setRequestHeader("accept", "application/json");
    request.setRequestHeader("content-type", "application/octet-stream");
    request.setRequestHeader("x-file-name", encodeURIComponent(file.name));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () =>
      reject(new ApiError(0, "network", "Cannot reach the server. Check your connection and try again."));
    request.onload = () => {
      const data = request.responseText ? safeJson(request.responseText) : undefined;
      if (request.status >= 200 && request.status < 300) {
        resolve(data as T);
        return;
      }
      const error = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } })?.error;
      reject(
        new ApiError(
          request.status,
          error?.code ?? "http_error",
          error?.message ?? `Request failed (${request.status})`,
          error?.fields,
        ),
      );
    };
    request.send(file);
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const api = {
  get: <T>(path: string) => apiFetch<T>("GET", path),
  post: <T>(path: string, body?: unknown) => apiFetch<T>("POST", path, body ?? {}),
  patch: <T>(path: string, body: unknown) => apiFetch<T>("PATCH", path, body),
  put: <T>(path: string, body: unknown) => apiFetch<T>("PUT", path, body),
  delete: <T>(path: string) => apiFetch<T>("DELETE", path),
  download: apiDownload,
  upload: apiUpload,
};
