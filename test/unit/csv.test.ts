import { describe, expect, it } from "vitest";
import { csvCell } from "../../server/http/csv";

describe("csvCell", () => {
  it("leaves a plain value as it is", () => {
    expect(csvCell("Ada Obi")).toBe("Ada Obi");
  });

  it("defuses a formula at the start", () => {
    for (const lead of ["=", "+", "-", "@"]) expect(csvCell(`${lead}SUM(A1)`)).toBe(`'${lead}SUM(A1)`);
  });

  it("quotes what a spreadsheet could split into cells, so no formula starts after a separator", () => {
    expect(csvCell('Tricky, "Quoted"')).toBe('"Tricky, ""Quoted"""');
    expect(csvCell("Ada;=cmd|' /C calc'!A0")).toBe(`"Ada;=cmd|' /C calc'!A0"`);
    expect(csvCell("Ada\t=1+1")).toBe('"Ada\t=1+1"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });
});
