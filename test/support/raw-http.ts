import { request as httpRequest } from "node:http";

/**
 * A request sent exactly as written, which fetch cannot: its path unresolved (fetch and URL resolve dot
 * segments), and from a chosen loopback address (127.0.0.2, .3, …), as another machine would send it.
 */
export function rawRequest(
  base: string,
  options: { method: string; path: string; json?: unknown; headers?: Record<string, string>; localAddress?: string },
): Promise<{ status: number; body: string; setCookies: string[] }> {
  const { hostname, port } = new URL(base);
  const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string | number> = { ...options.headers };
  if (payload !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = Buffer.byteLength(payload);
  }
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { hostname, port, method: options.method, path: options.path, headers, localAddress: options.localAddress },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body, setCookies: response.headers["set-cookie"] ?? [] }),
        );
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}
