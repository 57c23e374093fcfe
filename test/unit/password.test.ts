import { describe, expect, it } from "vitest";
import { passwordMeetsPolicy } from "../../common/domain";
import { isCommonPassword, isPersonalPassword } from "../../common/password";

describe("password policy beyond letters, numbers and symbols", () => {
  it.each(["Password1!", "P@ssw0rd!", "Welcome@2026", "Qwerty123!", "Admin@123", "Lagos@2026", "Abc@12345"])(
    "refuses the common %s although it meets the basic rule",
    (password) => {
      expect(passwordMeetsPolicy(password)).toBe(true);
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(["Demo@2026!", "Str0ng!pass", "Kettle#Mango42", "7vL!q9#zR2"])("accepts %s", (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });

  it("refuses a password built from the person's e-mail or name", () => {
    const person = { email: "amaka.bello@bellofashion.test", name: "Amaka Bello" };
    expect(isPersonalPassword("Amaka@2026!", person)).toBe(true);
    expect(isPersonalPassword("b3ll0#Fashion9", person)).toBe(true);
    expect(isPersonalPassword("Kettle#Mango42", person)).toBe(false);
  });
});
