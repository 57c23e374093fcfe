/** The Payments page's confirmations (the journeys assert them word for word). */
export const MARK_PAID_QUESTION = "Mark this invoice as paid?";
/** Worded like the spec's other deletes. */
export const DELETE_INVOICE_QUESTION = "Are you sure you want to delete this invoice?";
/** A person page's Sign out everywhere (Account line). */
export const SIGN_OUT_EVERYWHERE_QUESTION = "Sign this person out of every device?";
/** An admin table's first read failed (no rows), or a refetch did (its rows stay, perhaps out of date). */
export const TABLE_NOT_LOADED = "This list could not be loaded.";
export const TABLE_NOT_REFRESHED = "This list could not be refreshed: it may be out of date.";

/** A person's Delete confirmation (Admin › Developers, Admin › Clients): the question, then what deleting does. */
export const DELETE_DEVELOPER_QUESTION = "Are you sure you want to delete this developer?";
export const DELETE_DEVELOPER_NOTE =
  "A developer on projects or with tasks, messages or milestones is deactivated instead: they can no longer sign in, and their records are kept.";

export const DELETE_CLIENT_QUESTION = "Are you sure you want to delete this client?";
export const DELETE_CLIENT_NOTE =
  "A client with projects, invoices, orders or messages is deactivated instead: they can no longer sign in, and their records are kept.";
