import { describe, expect, it } from "vitest";
import { MESSAGE_MAX_LENGTH } from "../../common/domain";
import { messageHint } from "../../src/features/projects/MessageComposer";

/** The message box says how much room is left near its limit, so a long paste cut at the limit is noticed (#9). */
describe("the message box's hint", () => {
  it("says only how to send while the text is far from the limit", () => {
    expect(messageHint(0)).toBe("Press Enter to send, Shift+Enter for a new line.");
    expect(messageHint(Math.floor(MESSAGE_MAX_LENGTH * 0.9) - 1)).not.toMatch(/left|limit/);
  });

  it("counts down the characters left from 90 % of the limit", () => {
    expect(messageHint(MESSAGE_MAX_LENGTH - 400)).toMatch(/ 400 characters left\.$/);
    expect(messageHint(MESSAGE_MAX_LENGTH - 1)).toMatch(/ 1 character left\.$/);
  });

  it("says when the limit is reached", () => {
    expect(messageHint(MESSAGE_MAX_LENGTH)).toMatch(/You have reached the 4,000-character limit\.$/);
  });
});
