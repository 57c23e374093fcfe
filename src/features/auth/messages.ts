/** What a failed verification link's page says (VerifyLinkFailed), kept here so tests can assert it. */
export const VERIFY_LINK_EXPIRED = "This verification link has expired.";
export const VERIFY_LINK_INVALID = "This verification link is invalid or has already been used.";
/** What the sign-in tab says where a verification link opened in another browser lands (/auth?verified=1). */
export const EMAIL_VERIFIED = "Your e-mail address is verified.";
export const EMAIL_VERIFIED_SIGN_IN =
  "Sign in to open the portal. If you did not choose this account's password, use Forgot password? to set your own.";
