import { describe, expect, it } from "vitest";
import { freePort } from "../../scripts/server-command.mjs";
import { objectKey, S3Client } from "../../server/files/s3";

/** Where the S3 store sends each request: the bucket in the path or in the host name, the key encoded once. */
describe("S3 object URLs", () => {
  const settings = {
    endpoint: "https://s3.eu-west-1.amazonaws.com",
    region: "eu-west-1",
    bucket: "studio-files",
    accessKeyId: "AKID",
    secretAccessKey: "secret",
    forcePathStyle: false,
  };
  const id = "0b0f5a52-1c1e-4b8e-9a57-5b5b6c2a8d11";

  it("keys a file by its id alone", () => {
    expect(objectKey(id)).toBe(`project-files/${id}`);
  });

  it("puts the bucket in the host name by default", () => {
    expect(new S3Client(settings).objectUrl(objectKey(id)).href).toBe(
      `https://studio-files.s3.eu-west-1.amazonaws.com/project-files/${id}`,
    );
  });

  it("puts it in the path when asked, after any path of the endpoint's own", () => {
    const client = new S3Client({ ...settings, endpoint: "http://127.0.0.1:9000/storage", forcePathStyle: true });
    expect(client.objectUrl(objectKey(id)).href).toBe(`http://127.0.0.1:9000/storage/studio-files/project-files/${id}`);
  });

  it("writes the query as it is signed: a bare name, values encoded", () => {
    const client = new S3Client({ ...settings, forcePathStyle: true });
    expect(client.objectUrl("k", [["uploads", null]]).search).toBe("?uploads");
    expect(
      client.objectUrl("k", [
        ["partNumber", "2"],
        ["uploadId", "a/b+c=="],
      ]).search,
    ).toBe("?partNumber=2&uploadId=a%2Fb%2Bc%3D%3D");
  });
});

describe("S3 requests that fail before any answer", () => {
  it("say which operation failed and why, without the credentials", async () => {
    const port = await freePort();
    const client = new S3Client({
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      bucket: "studio-files",
      accessKeyId: "AKID",
      secretAccessKey: "hunter2-secret",
      forcePathStyle: true,
    });
    const error = await client.putObject("project-files/x", Buffer.from("x")).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(`S3 PutObject failed: connect ECONNREFUSED 127.0.0.1:${port}`);
    expect((error as Error).message).not.toContain("hunter2");
  });
});
