import { describe, expect, it } from "vitest";
import { initials, typingText } from "../../src/features/projects/presence";

describe("typing line", () => {
  it("names one or two people by first name, and counts more", () => {
    expect(typingText([])).toBe("");
    expect(typingText(["Amaka Bello"])).toBe("Amaka is typing…");
    expect(typingText(["Amaka Bello", "Tunde Bakare"])).toBe("Amaka and Tunde are typing…");
    expect(typingText(["Amaka Bello", "Tunde Bakare", "Ngozi Okafor"])).toBe("Several people are typing…");
  });
});

describe("initials", () => {
  it("takes the first and last names' first letters, upper-cased", () => {
    expect(initials("amaka bello")).toBe("AB");
    expect(initials("Chinedu Obi Eze")).toBe("CE");
    expect(initials("Tunde")).toBe("T");
    expect(initials("  ")).toBe("?");
  });
});
