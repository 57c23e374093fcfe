/** What a failed verification link's page says (VerifyLinkFailed), kept here so tests can assert it. */
export const VERIFY_LINK_EXPIRED = "This verification link has expired.";
export const VERIFY_LINK_INVALID = "This verification link is invalid or has already been used.";
