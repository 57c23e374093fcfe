import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmailAddress } from "../../src/components/EmailAddress";

describe("an e-mail address in a narrow column", () => {
  it("may break after its @ and before each dot of its domain, nowhere else", () => {
    expect(renderToStaticMarkup(<EmailAddress email="kunle.a@adeyemilogistics.com.ng" />)).toBe(
      "kunle.a@<wbr/>adeyemilogistics<wbr/>.com<wbr/>.ng",
    );
  });

  it("leaves text that is not an address as it is", () => {
    expect(renderToStaticMarkup(<EmailAddress email="not an address" />)).toBe("not an address");
  });
});
