/** The confirmation before every other device is signed out (the journey asserts it by name). */
export const SIGN_OUT_OTHERS_QUESTION = "Sign out of every other device?";
export const NO_OTHER_DEVICES = "No other device is signed in.";
