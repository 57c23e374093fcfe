import { createHash, createHmac } from "node:crypto";

/**
 * AWS Signature Version 4 for requests in header form (Authorization), as S3
 * and the S3-compatible stores check it: a canonical form of the request is
 * hashed and signed with a key derived from the secret, the date, the region
 * and the service. Checked against AWS's published examples
 * (test/unit/sigv4.test.ts). The path is taken as already encoded once, as S3
 * wants it (other AWS services encode it a second time; this signer is for S3).
 */

export type SigningCredentials = { accessKeyId: string; secretAccessKey: string };

export type SignableRequest = {
  method: string;
  /** Its path encoded once (uriEncode per segment) and its query as sent. */
  url: URL;
  /** Headers to sign besides host and x-amz-date (names in any case). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body, or "UNSIGNED-PAYLOAD". */
  payloadHash: string;
};

export type SigningScope = { region: string; service: string };

export const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

export const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data, "utf8").digest();

/** RFC 3986 encoding as AWS wants it: every byte but A-Z a-z 0-9 - . _ ~ as %XX (and "/" too unless kept). */
export function uriEncode(value: string, keepSlash = false): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(char) || (keepSlash && char === "/")) out += char;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** "20150830T123600Z": the request's time as x-amz-date wants it. */
export const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** The query's parameters, each name and value decoded then encoded as AWS does, sorted by name then value. */
export function canonicalQuery(search: string): string {
  const query = search.startsWith("?") ? search.slice(1) : search;
  if (query === "") return "";
  return query
    .split("&")
    .filter((pair) => pair !== "")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = decodeURIComponent(eq === -1 ? pair : pair.slice(0, eq));
      const value = eq === -1 ? "" : decodeURIComponent(pair.slice(eq + 1));
      return [uriEncode(name), uriEncode(value)] as const;
    })
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

/** The parts of a signature, exposed for the tests against AWS's worked examples. */
export function signatureParts(
  request: SignableRequest,
  credentials: SigningCredentials,
  scope: SigningScope,
  date: Date,
) {
  const time = amzDate(date);
  const day = time.slice(0, 8);
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    headers.set(name.toLowerCase(), value.trim().replace(/ +/g, " "));
  }
  headers.set("host", request.url.host);
  headers.set("x-amz-date", time);
  const names = [...headers.keys()].sort();
  const signedHeaders = names.join(";");
  const canonicalRequest = [
    request.method.toUpperCase(),
    request.url.pathname || "/",
    canonicalQuery(request.url.search),
    ...names.map((name) => `${name}:${headers.get(name)}`),
    "",
    signedHeaders,
    request.payloadHash,
  ].join("\n");
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", time, credentialScope, sha256Hex(canonicalRequest)].join("\n");
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), scope.region), scope.service),
    "aws4_request",
  );
  const signature = createHmac("sha256", signingKey).update(stringToSign, "utf8").digest("hex");
  return {
    time,
    canonicalRequest,
    stringToSign,
    signature,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/** The headers that sign `request`: x-amz-date and Authorization (host is the URL's, sent by fetch). */
export function signV4(
  request: SignableRequest,
  credentials: SigningCredentials,
  scope: SigningScope,
  date = new Date(),
): { "x-amz-date": string; authorization: string } {
  const { time, authorization } = signatureParts(request, credentials, scope, date);
  return { "x-amz-date": time, authorization };
}
