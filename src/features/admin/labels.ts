/** The Payments page's confirmations (the journeys assert them word for word). */
export const MARK_PAID_QUESTION = "Mark this invoice as paid?";
/** Worded like the spec's other deletes. */
export const DELETE_INVOICE_QUESTION = "Are you sure you want to delete this invoice?";
/** A person page's Sign out everywhere (Account line). */
export const SIGN_OUT_EVERYWHERE_QUESTION = "Sign this person out of every device?";
