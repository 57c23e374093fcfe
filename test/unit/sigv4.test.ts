import { describe, expect, it } from "vitest";
import { canonicalQuery, EMPTY_SHA256, signatureParts, signV4, uriEncode } from "../../server/files/sigv4";

/**
 * The S3 file store's signer against AWS's published worked examples: the
 * Signature Version 4 test suite's "get-vanilla" and the S3 documentation's
 * header-signing examples (GET Object with a range, GET ?lifecycle, GET
 * Bucket with a query). A wrong byte anywhere gives another signature.
 */
describe("Signature Version 4", () => {
  it('signs the test suite\'s "get-vanilla" request', () => {
    const request = { method: "GET", url: new URL("https://example.amazonaws.com/"), payloadHash: EMPTY_SHA256 };
    const credentials = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" };
    const scope = { region: "us-east-1", service: "service" };
    const date = new Date("2015-08-30T12:36:00Z");
    const parts = signatureParts(request, credentials, scope, date);
    expect(parts.canonicalRequest).toBe(
      [
        "GET",
        "/",
        "",
        "host:example.amazonaws.com",
        "x-amz-date:20150830T123600Z",
        "",
        "host;x-amz-date",
        EMPTY_SHA256,
      ].join("\n"),
    );
    expect(parts.stringToSign).toBe(
      "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\nbb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63",
    );
    expect(signV4(request, credentials, scope, date)).toEqual({
      "x-amz-date": "20150830T123600Z",
      authorization:
        "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31",
    });
  });

  describe("the S3 documentation's examples", () => {
    const credentials = {
      accessKeyId: "AKIAIOSFODNN7EXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    };
    const scope = { region: "us-east-1", service: "s3" };
    const date = new Date("2013-05-24T00:00:00Z");
    const sign = (url: string, headers: Record<string, string> = {}) =>
      signatureParts(
        {
          method: "GET",
          url: new URL(url),
          headers: { ...headers, "x-amz-content-sha256": EMPTY_SHA256 },
          payloadHash: EMPTY_SHA256,
        },
        credentials,
        scope,
        date,
      );

    it("GET Object with a Range header", () => {
      const parts = sign("https://examplebucket.s3.amazonaws.com/test.txt", { Range: "bytes=0-9" });
      expect(parts.stringToSign.split("\n")[3]).toBe(
        "7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972",
      );
      expect(parts.signature).toBe("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
      expect(parts.authorization).toBe(
        "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
      );
    });

    it("GET ?lifecycle: a parameter without a value is signed with an empty one", () => {
      expect(sign("https://examplebucket.s3.amazonaws.com/?lifecycle").signature).toBe(
        "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543",
      );
    });

    it("GET Bucket: the query is sorted by name", () => {
      expect(sign("https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2").signature).toBe(
        "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7",
      );
    });
  });

  it("encodes as AWS does, not as encodeURIComponent does", () => {
    expect(uriEncode("a-b_c.d~e09")).toBe("a-b_c.d~e09");
    expect(uriEncode("!'()*")).toBe("%21%27%28%29%2A");
    expect(uriEncode("a b+c=é/")).toBe("a%20b%2Bc%3D%C3%A9%2F");
    expect(uriEncode("project-files/a b", true)).toBe("project-files/a%20b");
    expect(canonicalQuery("?uploads")).toBe("uploads=");
    expect(canonicalQuery("?uploadId=a%2Fb%2Bc&partNumber=2")).toBe("partNumber=2&uploadId=a%2Fb%2Bc");
  });
});
